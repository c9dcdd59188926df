import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * The login route loads at most 200 KB of JavaScript, gzip (issue 24; antd's form, input and
 * button with React are about 170 KB of it). The sign-in page starts without the router
 * (apps/web/src/app/boot.ts), and the build gives it one chunk (apps/web/vite.config.ts).
 */
const LOGIN_JS_BUDGET_BYTES = 200 * 1024;

/** Records the gzip size of every script the page downloads. */
function recordScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') && !url.endsWith('.mjs')) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(url, gzipSync(body, { level: 9 }).length);
  });
  return scripts;
}

const totalOf = (scripts: Map<string, number>) => [...scripts.values()].reduce((a, b) => a + b, 0);

test('the login route loads at most 200 KB of JavaScript (gzip)', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByText('企业管理后台登录')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = totalOf(scripts);
  console.log(`login route JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip (budget 200 KB)`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});

test('a deep link opened without a token redirects before any protected chunk loads', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/EmployeeManagement/listEmployee?page=2');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('企业管理后台登录')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = totalOf(scripts);
  console.log(`deep link without a token: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip`);
  const names = [...scripts.keys()].map((url) => new URL(url).pathname.split('/').pop() ?? '');
  // Neither the shell nor the screen of the link was downloaded.
  expect(names.filter((n) => /^(app-layout|list-employee-page)-/.test(n))).toEqual([]);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});

/**
 * 回单验真 (/verify) starts alone too (app/boot.ts), without the router or the console: the sign-in
 * page's scripts (antd's core, which it shares) and a small chunk of its own, at most 20 KB gzip.
 */
const VERIFY_OWN_JS_BUDGET_BYTES = 20 * 1024;

test('回单验真 (/verify) loads the sign-in page’s scripts and at most 20 KB of its own (gzip)', async ({ page }) => {
  const onLogin = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByText('企业管理后台登录')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const fileOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
  const loginFiles = new Set([...onLogin.keys()].map(fileOf));

  const verifyPage = await page.context().newPage();
  const onVerify = recordScripts(verifyPage);
  await verifyPage.goto('/verify');
  await expect(verifyPage.getByRole('heading', { level: 1, name: '回单验真' })).toBeVisible();
  await verifyPage.waitForLoadState('networkidle');
  const own = [...onVerify].filter(([url]) => !loginFiles.has(fileOf(url)));
  const ownTotal = own.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(
    `/verify JavaScript: ${onVerify.size} files, ${(totalOf(onVerify) / 1024).toFixed(1)} KB gzip; ` +
      `beyond the sign-in page's: ${own.length} files, ${(ownTotal / 1024).toFixed(1)} KB (budget 20 KB)`,
  );
  // Neither the router nor the console's shell.
  expect([...onVerify.keys()].map(fileOf).filter((n) => /^(react-router|app-layout|app)-/.test(n))).toEqual([]);
  expect(ownTotal).toBeLessThanOrEqual(VERIFY_OWN_JS_BUDGET_BYTES);
  await verifyPage.close();
});
