import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // happy-dom: its computed styles and queries cost a fraction of jsdom's on antd's large style
    // sheets (the tier took 980 s in jsdom, 330 s here, same tests). A file that needs a jsdom
    // behaviour says so in a `@vitest-environment jsdom` comment at its top, with the reason.
    environment: 'happy-dom',
    setupFiles: ['./src/test/no-motion.ts', './src/test/setup.ts'],
    // The files of a worker share one module graph and one document: antd, React and the app's
    // modules load once per worker instead of once per file (330 s to 195 s for the tier).
    // setup.ts empties what the app keeps outside React's tree after every test: antd's toast,
    // notification and dialog holders, cookies and storage; each file resets the stores it sets.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd in a simulated DOM is slow, and CI shares two cores with PostgreSQL: a slow test is not a hung one.
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
