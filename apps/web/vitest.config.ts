import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd in jsdom is slow, and CI shares two cores with PostgreSQL: a slow test is not a hung one.
    testTimeout: 30_000,
    // React's scheduler can still hold a task (antd motion) when jsdom is torn down at the end of
    // a file; it then runs against a missing window. That one teardown race is not a test
    // failure; every other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = 'stack' in error && typeof error.stack === 'string' ? error.stack : '';
      const teardownRace =
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        /react-dom|scheduler/.test(stack);
      return teardownRace ? false : undefined;
    },
  },
});
