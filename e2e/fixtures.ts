import { test as base, expect, type BrowserContext, type ConsoleMessage } from '@playwright/test';

export interface Fixtures {
  /** Console errors and uncaught page errors seen during the test; most tests expect none. */
  consoleErrors: string[];
}

interface WorkerFixtures {
  /** The worker's browser contexts, one per set of context options (see `context` below). */
  warmContexts: Map<string, BrowserContext>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright test with global-setup');
    await use(url);
  },
  warmContexts: [
    async ({}, use) => {
      const contexts = new Map<string, BrowserContext>();
      await use(contexts);
      for (const context of contexts.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  /**
   * Each test's browser context starts empty, as Playwright's own does: no cookies, no local
   * storage, no IndexedDB, no permissions, no pages. Unlike Playwright's own, it is the worker's
   * context for these options, emptied, so the browser's HTTP and compiled-script caches outlive
   * the test: the next test's page load reads the app's hashed, immutable chunks from the cache
   * and runs their compiled code (a page load costs about a third less CPU, and the tier is
   * CPU-bound). Nothing a test sets on the context itself (routes, init scripts, extra headers)
   * is used by the tests; pages are closed at the end of each test.
   */
  context: async ({ warmContexts, browser, baseURL, viewport, locale, timezoneId, bypassCSP, reducedMotion }, use) => {
    const options = { baseURL, viewport, locale, timezoneId, bypassCSP, reducedMotion };
    const key = JSON.stringify(options);
    let context = warmContexts.get(key);
    if (!context) {
      context = await browser.newContext(options);
      warmContexts.set(key, context);
    }
    await context.setStorageState({ cookies: [], origins: [] });
    await context.clearPermissions();
    await use(context);
    for (const page of context.pages()) await page.close();
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
