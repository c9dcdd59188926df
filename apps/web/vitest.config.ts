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
  },
});
