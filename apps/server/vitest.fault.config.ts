import { defineConfig } from 'vitest/config';

/**
 * The fault tier (`npm run test:fault`, issue 41): the tier's own PostgreSQL cluster (initdb in a
 * temporary directory, its own port) restarted under a payment run (test-fault/). Needs the
 * installed PostgreSQL's programs, not TEST_DATABASE_URL: the shared server is never touched.
 */
export default defineConfig({
  test: {
    include: ['test-fault/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
