import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share one module graph: the app's modules (Fastify, Drizzle, the
    // schema, pdf-lib, ExcelJS) are imported once per worker instead of once per file, which was
    // a third of the tier's time. Each file still gets its own database and its own app
    // (test/helpers.ts). The few module-level caches already serve several databases in one
    // process (a file opens more than one): ledger account ids are checked against their keys
    // when locked, a task's anchors against the list's count and newest id.
    isolate: false,
  },
});
