import { defineConfig } from 'vitest/config';

/**
 * The scale-out tier (`npm run test:scale`): two server processes on PostgreSQL behind nginx
 * (test-scale/). Needs TEST_DATABASE_URL and nginx; the seeded template comes from the API
 * tiers' global setup.
 */
export default defineConfig({
  test: {
    include: ['test-scale/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
