import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Tours for people to look at (`npm run screenshots`): the e2e tier's server, browser and
 * settings, over `tours/` instead of `tests/`, so `npm test` does not run them.
 */
export default defineConfig({
  ...base,
  testDir: './tours',
  reporter: [['list']],
  outputDir: '../.tmp/tours-output',
});
