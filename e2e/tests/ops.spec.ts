import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { confirmInPopover, OPS_PASSWORD, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);
const OPS_TOKEN_KEY = 'Ops-Token';

async function signInOps(page: Page) {
  await page.goto('/ops/login');
  await expect(page.getByText('平台运营控制台').first()).toBeVisible();
  await page.getByPlaceholder('用户名').fill('ops');
  await page.getByPlaceholder('密码').fill(OPS_PASSWORD);
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
    await useSession(page, 'demo');
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

  test('冻结 a company: its payment is refused with the reason before any code is sent; 解冻 lets it pay again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInOps(page);
    await page.getByRole('menuitem', { name: /企业管理/ }).click();
    await page.getByLabel('冻结 星河科技有限公司').click();
    const dialog = page.getByRole('dialog', { name: '冻结企业' });
    await expect(dialog).toContainText('冻结后该企业仍可登录和查看，但不能支付');
    await dialog.getByLabel('冻结原因').fill('端到端冻结核查');
    await dialog.getByRole('button', { name: btn('确定冻结') }).click();
    const company = page.locator('tr', { hasText: '星河科技有限公司' }).first();
    await expect(company).toContainText('已冻结');
    await expect(company).toContainText('原因：端到端冻结核查');
    await page.screenshot({ path: '../.tmp/e2e-output/ops-company-frozen.png' });

    const admin = await page.context().newPage();
    try {
      // The company signs in and reads; paying its 待支付 batch is refused with the reason, before
      // any SMS code is sent.
      await useSession(admin, 'demo');
      await admin.goto('/EmolumentManagement/payRoll');
      await admin
        .locator('.ant-table-row')
        .filter({ hasText: '客服加班费' })
        .getByRole('button', { name: btn('支付') })
        .first()
        .click();
      await expect(admin).toHaveURL(/payConfirm\?id=\d+/);
      await admin.getByRole('button', { name: btn('获取验证码') }).click();
      await expect(admin.getByText('企业账户已冻结，不能支付；如有疑问请联系平台客服').first()).toBeVisible();
      await expect(admin.getByText(/演示模式验证码/)).toHaveCount(0);
      await expect(admin).toHaveURL(/payConfirm\?id=\d+/);
    } finally {
      await admin.close();
      // 解冻, whatever happened above: the other tests pay with this company.
      await page.getByLabel('解冻 星河科技有限公司').click();
      const thaw = page.getByRole('dialog', { name: '解冻企业' });
      await expect(thaw).toContainText('冻结原因：端到端冻结核查');
      await thaw.getByRole('button', { name: btn('确定解冻') }).click();
    }
    await expect(page.locator('tr', { hasText: '星河科技有限公司' }).first()).toContainText('正常');
    await expect(page.getByLabel('冻结 星河科技有限公司')).toBeVisible();

    // Both are in the operators' audit.
    await page.getByRole('menuitem', { name: /操作审计/ }).click();
    await expect(page.locator('tr', { hasText: '端到端冻结核查' }).first()).toBeVisible();
  });

  test('网关日志 lists a refused call with its path and opens it', async ({ page, consoleErrors }) => {
    await signInOps(page);
    // A call the platform refuses (no such request id): logged as a 4xx a second later.
    const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', OPS_TOKEN_KEY);
    const refused = await page.request.get('/api/ops/gatewayLog/e2e-no-such-request', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    await page.getByRole('menuitem', { name: /网关日志/ }).click();
    await expect(page).toHaveURL(/\/ops\/gateway-log/);
    await page.getByRole('combobox', { name: 'HTTP 状态' }).click();
    await page.getByTitle('4xx').click();
    await page.getByRole('button', { name: btn('查询') }).click();
    const row = page.locator('tr', { hasText: '/api/ops/gatewayLog/:requestId' }).first();
    await expect(async () => {
      await page.getByRole('button', { name: btn('刷新') }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row.click();
    const drawer = page.getByRole('dialog', { name: /请求/ });
    await expect(drawer.getByText('/api/ops/gatewayLog/e2e-no-such-request')).toBeVisible();
    await expect(drawer.getByText('运营人员 #', { exact: false })).toBeVisible();
    await expect(drawer.getByText('这个请求没有写操作日志')).toBeVisible();
    await page.screenshot({ path: '../.tmp/e2e-output/ops-gateway-log-drawer.png' });
    expect(consoleErrors).toEqual([]);
  });

  test('网关日志 导出 goes to the operators’ 下载中心 and its file downloads', async ({ page, consoleErrors }) => {
    await signInOps(page);
    await page.getByRole('menuitem', { name: /网关日志/ }).click();
    await expect(page).toHaveURL(/\/ops\/gateway-log/);
    // The sign-in is in the last hour's log a second later: until then there is nothing to export.
    const row = page.locator('.ant-table-row').first();
    await expect(async () => {
      await page.getByRole('button', { name: btn('刷新') }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/ops/gatewayLog/export'));
    await page.getByRole('button', { name: btn('导出') }).click();
    expect(((await (await asked).json()) as { status: number }).status).toBe(200);
    await page.locator('.ant-message').getByRole('link', { name: '下载中心' }).click();
    await expect(page).toHaveURL(/\/ops\/exports$/);
    await expect(page.getByRole('menuitem', { name: /下载中心/ })).toHaveClass(/ant-menu-item-selected/);

    // Polled until the file is made, then saved under its name.
    const job = page.locator('tr', { hasText: /网关日志_\d{8}_\d{6}\.xlsx/ }).first();
    await expect(job).toContainText('已完成', { timeout: 20_000 });
    await expect(job).toContainText('网关日志');
    await page.screenshot({ path: '../.tmp/e2e-output/ops-exports.png' });
    const saved = page.waitForEvent('download');
    await job.getByRole('button', { name: btn('下载') }).click();
    expect((await saved).suggestedFilename()).toMatch(/^网关日志_\d{8}_\d{6}\.xlsx$/);
    expect(consoleErrors).toEqual([]);
  });
});
