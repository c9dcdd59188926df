import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { makePdf, signInOps, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

test('the company applies for an invoice from a paid batch; the operator issues and mails it; the company previews its PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const pdf = join(tmpdir(), `invoice-e2e-${process.pid}.pdf`);
  writeFileSync(pdf, makePdf(1));

  // 申请开票: the demo's paid batch, with what is left to invoice of it.
  await useSession(page, 'demo');
  await page.goto('/invoiceCenter/apply');
  const batch = page.locator('.ant-table-row').filter({ hasText: '数据标注劳务费' });
  await expect(batch).toBeVisible();
  const left = (await batch.locator('td').nth(-2).textContent())?.trim() ?? '';
  expect(left).toMatch(/^¥[\d,]+\.\d{2}$/);
  await batch.getByRole('checkbox').check();
  await page.getByRole('button', { name: btn('下一步') }).click();
  await page.getByRole('combobox', { name: '开票内容' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByRole('button', { name: btn('提交申请') }).click();
  await expect(page.getByText('开票申请已提交').first()).toBeVisible();

  // The operator finds it in 开票处理 (待审核), issues it with the PDF, then mails it.
  const ops = await page.context().newPage();
  await signInOps(ops);
  await ops.goto('/ops/invoices');
  const row = ops
    .locator('.ant-table-row')
    .filter({ hasText: left.replace('¥', '') })
    .first();
  await row.getByRole('button', { name: btn('处理') }).click();
  const drawer = ops.getByRole('dialog').filter({ hasText: '开票申请' });
  await drawer.getByRole('button', { name: btn('开票') }).click();
  await drawer.locator('#invoice-pdf-input').setInputFiles(pdf);
  await drawer.getByLabel('发票号码').fill('26312000000020261125');
  await drawer.getByLabel('开票日期').click();
  await ops
    .locator('.ant-picker-dropdown:visible .ant-picker-today-btn, .ant-picker-dropdown:visible .ant-picker-cell-today')
    .first()
    .click();
  await drawer.getByRole('button', { name: btn('确定开票') }).click();
  await expect(drawer.getByRole('button', { name: btn('邮寄') })).toBeVisible();
  await drawer.getByRole('button', { name: btn('邮寄') }).click();
  await drawer.getByLabel('快递公司').fill('顺丰速运');
  await drawer.getByLabel('快递单号').fill('SF0000E2E0001');
  await drawer.getByRole('button', { name: btn('确定邮寄') }).click();
  await expect(drawer.getByText('SF0000E2E0001')).toBeVisible();
  await ops.close();

  // 开票记录: 已邮寄, and its PDF opens in 文件预览.
  await page.goto('/invoiceCenter/recordsList');
  const record = page.locator('.ant-table-row').filter({ hasText: '26312000000020261125' });
  await expect(record).toContainText('已邮寄');
  // The records export through the download centre.
  await page.getByRole('button', { name: /导\s*出$/ }).click();
  await expect(page.getByText(/导出任务已创建/).first()).toBeVisible();
  await record.getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(/recordsDetails\?id=\d+/);
  await expect(page.getByText('SF0000E2E0001')).toBeVisible();
  await page.getByRole('link', { name: '预览' }).click();
  await expect(page.getByText('共 1 页')).toBeVisible({ timeout: 20_000 });
});
