import { test as base, expect, type ConsoleMessage } from '@playwright/test';

export interface Fixtures {
  /** Console errors and uncaught page errors seen during the test; most tests expect none. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright test with global-setup');
    await use(url);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

export { expect };
