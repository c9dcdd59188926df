import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures.ts';

/** ARCHITECTURE section 6: the login route loads at most 250 KB of JavaScript, gzip. */
const LOGIN_JS_BUDGET_BYTES = 250 * 1024;

test('the login route loads at most 250 KB of JavaScript (gzip)', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') && !url.endsWith('.mjs')) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(url, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/login');
  await expect(page.getByText('企业管理后台登录')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(`login route JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip (budget 250 KB)`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});
