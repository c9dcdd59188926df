import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { confirmInPopover, signIn } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);
const OPS_TOKEN_KEY = 'Ops-Token';

async function signInOps(page: Page) {
  await page.goto('/ops/login');
  await expect(page.getByText('平台运营控制台').first()).toBeVisible();
  await page.getByPlaceholder('用户名').fill('ops');
  await page.getByPlaceholder('密码').fill('Ops@123456');
  await page.getByRole('button', { name: btn('登录') }).click();
  await expect(page).toHaveURL(/\/ops\/topups$/);
  await expect(page.getByTestId('ops-operator')).toHaveText(/平台运营/);
}

test.describe('operator console', () => {
  test('confirms the demo pending top-up beside its voucher', async ({ page, consoleErrors }) => {
    const companyCalls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/ops/')) companyCalls.push(path);
    });
    await signInOps(page);

    // The queue shows 待确认 by default: the demo's ¥200,000.00 to 江苏智薪.
    const row = page.locator('tr', { hasText: '¥200,000.00' });
    await expect(row).toContainText('待确认');
    await row.getByRole('button', { name: btn('审核') }).click();
    const drawer = page.getByRole('dialog', { name: /充值审核/ });
    await expect(drawer.getByText('¥200,000.00')).toBeVisible();
    await expect(drawer.getByText('121908765410201')).toBeVisible();
    const voucher = drawer.getByRole('img', { name: '转账凭证' });
    await expect(voucher).toBeVisible();
    await expect.poll(() => voucher.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: '../.tmp/e2e-output/ops-topup-drawer.png' });

    // 确认到账, restated in the Popconfirm, sends one Idempotency-Key.
    const confirmRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/confirm'));
    await drawer.getByRole('button', { name: btn('确认到账') }).click();
    const pop = page.locator('.ant-popover', { hasText: '星河科技有限公司' });
    await expect(pop).toContainText('¥200,000.00');
    await confirmInPopover(pop, btn('确认到账'), drawer.getByText('已到账').first());
    const sent = await confirmRequest;
    expect(sent.headers()['idempotency-key']).toMatch(/^ops-/);
    expect(sent.headers()['authorization']).toMatch(/^Bearer /);
    await expect(drawer.getByRole('button', { name: btn('确认到账') })).toHaveCount(0);
    await drawer.getByRole('button', { name: '关闭' }).click();

    // The queue no longer holds it; 全部 shows it 已到账.
    await expect(page.getByText('暂无待确认的充值')).toBeVisible();
    await page.goto('/ops/topups?status=confirmed');
    await expect(page.locator('tr', { hasText: '¥200,000.00' })).toContainText('已到账');

    // The audit records the confirmation.
    await page.getByRole('menuitem', { name: /操作审计/ }).click();
    await expect(page.locator('tr', { hasText: '确认充值到账' }).first()).toContainText('充值 #');

    expect(companyCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an admin session or an admin token does not open /ops', async ({ page }) => {
    await signIn(page, 'demo');
    // A signed-in company admin opening /ops meets the operator sign-in.
    await page.goto('/ops');
    await expect(page).toHaveURL(/\/ops\/login$/);
    await expect(page.getByPlaceholder('用户名')).toBeVisible();

    // The admin's own token put where the operator token lives is refused by the operator realm.
    const adminToken = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
    expect(adminToken).toBeTruthy();
    await page.evaluate(([key, token]) => localStorage.setItem(key, decodeURIComponent(token)), [
      OPS_TOKEN_KEY,
      adminToken ?? '',
    ] as const);
    await page.goto('/ops/topups');
    await expect(page).toHaveURL(/\/ops\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), OPS_TOKEN_KEY)).toBeNull();

    // The company console is untouched: the admin is still signed in there.
    await page.goto('/dashboard');
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/ops/login');
    await page.getByPlaceholder('用户名').fill('ops');
    await page.getByPlaceholder('密码').fill('not-the-password');
    await page.getByRole('button', { name: btn('登录') }).click();
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/\/ops\/login$/);
  });
});
