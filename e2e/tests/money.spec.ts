import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { confirmInPopover, OPS_PASSWORD, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);

/** A 1×1 PNG, the transfer voucher. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const JIANGSU = '江苏智薪人力资源有限公司';

test.describe('money', () => {
  test('top up with a voucher, the operator confirms at /ops, the balance and 资金明细 show it', async ({
    page,
    consoleErrors,
  }) => {
    await useSession(page, 'demo');

    // 资金账户: a card per service company with the demo balances.
    await page.goto('/moneyManagement/listMoney');
    const cards = page.getByTestId('balance-card');
    await expect(cards).toHaveCount(2);
    // The demo top-up of ¥500,000.00 less the year of demo batches paid since (and whatever
    // payments other specs made): some hundreds of thousands left.
    await expect(cards.filter({ hasText: '海南灵工服务有限公司' })).toContainText(/¥[1-4]\d\d,\d{3}\.\d{2}/);
    const jiangsu = cards.filter({ hasText: JIANGSU });
    await expect(jiangsu).toContainText('¥0.00');

    // 付款账户 -> 添加付款账户: the account name is the company's, prefilled.
    await page.getByRole('button', { name: btn('付款账户') }).click();
    await expect(page).toHaveURL(/\/moneyManagement\/accountManagement$/);
    await page.getByRole('button', { name: btn('添加付款账户') }).click();
    await expect(page).toHaveURL(/\/moneyManagement\/addAccount$/);
    await expect(page.getByLabel('账户名称')).toHaveValue('星河科技有限公司');
    await page.getByRole('combobox', { name: /开户银行/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '中国工商银行' }).click();
    await page.getByPlaceholder('请输入银行账号').fill('6222 0212 0000 8888');
    await page.getByPlaceholder('请输入开户支行（选填）').fill('南京新街口支行');
    await page.getByRole('button', { name: btn('保存') }).click();
    await expect(page).toHaveURL(/\/moneyManagement\/accountManagement$/);
    const newAccount = page.locator('.ant-table-row').filter({ hasText: '中国工商银行' });
    await expect(newAccount).toContainText('**** **** 8888');

    // 账户充值: to the Jiangsu service company, from the new account, with a PNG voucher.
    const voucher = join(tmpdir(), `money-e2e-voucher-${process.pid}.png`);
    writeFileSync(voucher, PNG);
    await page.goto('/moneyManagement/addMoney');
    await page.getByRole('combobox', { name: /服务商/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: JIANGSU }).click();
    await expect(page.getByTestId('receiving-bank')).toBeVisible();
    await page.getByPlaceholder('请输入转账金额').fill('1234.56');
    await page.getByRole('combobox', { name: /付款账户/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '中国工商银行' }).click();
    await page.locator('input[type="file"]').setInputFiles(voucher);
    await expect(page.locator('.ant-upload-list-item-done')).toBeVisible();
    await page.getByPlaceholder('选填，如用途说明').fill('端到端充值');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/companystaff/ecompanyRecharge'),
    );
    await page.getByRole('button', { name: btn('提交充值申请') }).click();
    const createdBody = (await (await created).json()) as { status: number; data: { id: number } };
    expect(createdBody.status).toBe(200);
    await expect(page.getByText('充值申请已提交，等待平台确认')).toBeVisible();
    await expect(page).toHaveURL(/\/moneyManagement\/listMoney\?tab=topups$/);
    const topupRow = page.locator('.ant-table-row').filter({ hasText: '端到端充值' });
    await expect(topupRow).toContainText('¥1,234.56');
    await expect(topupRow).toContainText('待确认');

    // The operator confirms it at /ops (its own sign-in, in another tab of the same browser).
    const ops = await page.context().newPage();
    await ops.goto('/ops/login');
    await ops.getByPlaceholder('用户名').fill('ops');
    await ops.getByPlaceholder('密码').fill(OPS_PASSWORD);
    await ops.getByRole('button', { name: btn('登录') }).click();
    await expect(ops).toHaveURL(/\/ops\/topups$/);
    const queued = ops.locator('tr', { hasText: '¥1,234.56' });
    await expect(queued).toContainText('待确认');
    await queued.getByRole('button', { name: btn('审核') }).click();
    const drawer = ops.getByRole('dialog', { name: /充值审核/ });
    await expect(drawer.getByRole('img', { name: '转账凭证' })).toBeVisible();
    await drawer.getByRole('button', { name: btn('确认到账') }).click();
    await confirmInPopover(
      ops.locator('.ant-popover', { hasText: '星河科技有限公司' }),
      btn('确认到账'),
      drawer.getByText('已到账').first(),
    );
    await ops.close();

    // The balance and 资金明细 show it.
    await page.goto('/moneyManagement/listMoney?tab=topups');
    await expect(page.locator('.ant-table-row').filter({ hasText: '端到端充值' })).toContainText('已到账');
    await expect(page.getByTestId('balance-card').filter({ hasText: JIANGSU })).toContainText('¥1,234.56');
    await page.getByRole('button', { name: btn('资金明细') }).click();
    await expect(page).toHaveURL(/\/moneyManagement\/moneyDetail$/);
    const entry = page.locator('.ant-table-row').filter({ hasText: `充值 #${createdBody.data.id}` });
    await expect(entry).toContainText('+¥1,234.56');
    await expect(entry).toContainText(JIANGSU);
    expect(consoleErrors).toEqual([]);
  });

  test('a 待确认 top-up is opened from 充值记录 with its voucher and withdrawn: it leaves the /ops queue', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    await useSession(page, 'demo');
    // A voucher of its own content: one voucher backs one open top-up.
    const voucher = join(tmpdir(), `money-e2e-withdraw-${process.pid}.png`);
    writeFileSync(voucher, Buffer.concat([PNG, Buffer.from(`withdraw-${Date.now()}`)]));
    await page.goto('/moneyManagement/addMoney');
    await page.getByRole('combobox', { name: /服务商/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: JIANGSU }).click();
    await page.getByPlaceholder('请输入转账金额').fill('2345.67');
    await page.getByRole('combobox', { name: /付款账户/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '招商银行' }).click();
    await page.locator('input[type="file"]').setInputFiles(voucher);
    await expect(page.locator('.ant-upload-list-item-done')).toBeVisible();
    await page.getByPlaceholder('选填，如用途说明').fill('  待撤回的充值  ');
    await page.getByRole('button', { name: btn('提交充值申请') }).click();
    await expect(page).toHaveURL(/\/moneyManagement\/listMoney\?tab=topups$/);
    const row = page.locator('.ant-table-row').filter({ hasText: '待撤回的充值' });
    await expect(row).toContainText('待确认');

    // 查看: the drawer shows the top-up, no approval needed, and the voucher image.
    await row.getByRole('button', { name: /查看充值/ }).click();
    const drawer = page.getByRole('dialog', { name: /充值详情/ });
    await expect(drawer.getByText('¥2,345.67')).toBeVisible();
    await expect(drawer.getByText('待撤回的充值', { exact: true })).toBeVisible();
    await expect(drawer.getByText('无需公司内部审批，提交后直接由平台确认。')).toBeVisible();
    const image = drawer.getByRole('img', { name: '转账凭证' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: '../.tmp/e2e-output/money-topup-drawer.png' });

    // 撤回, confirmed in its popover.
    await drawer.getByRole('button', { name: btn('撤回') }).click();
    await confirmInPopover(
      page.locator('.ant-popover', { hasText: '撤回后平台不再处理这笔充值' }),
      btn('撤回'),
      drawer.getByText('撤回时间'),
    );
    await expect(drawer.getByRole('button', { name: btn('撤回') })).toHaveCount(0);
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(row).toContainText('已撤回');

    // The operator's queue no longer holds it.
    const ops = await page.context().newPage();
    await ops.goto('/ops/login');
    await ops.getByPlaceholder('用户名').fill('ops');
    await ops.getByPlaceholder('密码').fill(OPS_PASSWORD);
    await ops.getByRole('button', { name: btn('登录') }).click();
    await expect(ops).toHaveURL(/\/ops\/topups$/);
    await expect(ops.locator('.ant-table')).toBeVisible();
    await expect(ops.locator('tr', { hasText: '¥2,345.67' })).toHaveCount(0);
    await ops.goto('/ops/topups?status=all');
    await expect(ops.locator('.ant-table')).toBeVisible();
    await expect(ops.locator('tr', { hasText: '¥2,345.67' })).toHaveCount(0);
    await ops.close();
    expect(consoleErrors).toEqual([]);
  });
});
