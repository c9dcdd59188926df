import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../helpers.ts';

/** Records every Content Security Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test.describe('the strict Content Security Policy', () => {
  test('the login page and the console render under it with no violation', async ({ page, consoleErrors }) => {
    await recordViolations(page);
    const res = await page.goto('/login');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    // Only style attributes may be inline; scripts and style elements need the nonce.
    expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
    // antd's CSS-in-JS was admitted: the primary button has the theme's colour (apps/web/src/app/
    // theme.ts colorPrimary #1765d8), not the browser's grey.
    const login = page.getByRole('button', { name: /登\s*录/ });
    await expect(login).toHaveCSS('background-color', 'rgb(23, 101, 216)');

    await signIn(page, 'demo');
    await page.goto('/EmployeeManagement/listEmployee');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    // A drawer locks the page's scrolling with a style element of its own.
    await page.getByRole('button', { name: /^在线客服/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
    await page.goto('/systemSetting/roleManage');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();

    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
