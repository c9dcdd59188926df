import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { makePdf, signInOps, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

test('the company opens a contract from 企业合同 and previews its PDF', async ({ page }) => {
  await useSession(page, 'demo');
  await page.goto('/contract/enterprise');
  const service = page.locator('.ant-table-row').filter({ hasText: '海南灵工服务有限公司' });
  await expect(service).toContainText('已签署');
  await service.getByRole('link', { name: '查看合同' }).click();
  await expect(page).toHaveURL(/\/contract\/enterpriseContreactList\/\d+/);
  const rows = page.locator('.ant-table-row').filter({ hasText: '灵活用工综合服务协议' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '已到期' })).toHaveCount(1);
  await rows.filter({ hasText: '已签署' }).getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/contract\/enterpriseContreactDetail\/\d+/);
  await expect(page.getByText('灵活用工综合服务协议').first()).toBeVisible();
  await page.getByRole('button', { name: /预\s*览/ }).click();
  await expect(page).toHaveURL(/\/pdfPreview\?url=/);
  await expect(page.getByText('共 1 页')).toBeVisible({ timeout: 20_000 });
});

test('the operator uploads a contract at /ops and signs it; the company sees it 已签署', async ({ page }) => {
  test.setTimeout(120_000);
  const pdf = join(tmpdir(), `contract-e2e-${process.pid}.pdf`);
  writeFileSync(pdf, makePdf(1));
  const ops = await page.context().newPage();
  await signInOps(ops);
  await ops.goto('/ops/contracts');
  await ops.getByRole('button', { name: /上\s*传\s*合\s*同/ }).click();
  const drawer = ops.getByRole('dialog').filter({ hasText: '上传合同' });
  await drawer.getByLabel('企业').click();
  await ops.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '星河科技' }).click();
  await drawer.getByLabel('服务商').click();
  await ops.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '海南灵工' }).click();
  await drawer.getByLabel('合同编号').fill('E2E-HT-0001');
  await drawer.getByLabel('合同名称').fill('端到端补充协议');
  const term = drawer.locator('.ant-picker-range input');
  await term.first().click();
  await term.first().fill('2026-01-01');
  await term.first().press('Enter');
  await term.last().fill('2030-12-31');
  await term.last().press('Enter');
  await drawer.locator('#contract-pdf-input').setInputFiles(pdf);
  await drawer.getByRole('button', { name: btn('上传') }).click();
  await expect(ops.getByText('合同已上传').first()).toBeVisible();

  const row = ops.locator('.ant-table-row').filter({ hasText: 'E2E-HT-0001' });
  await expect(row).toContainText('待签署');
  await row.getByRole('button', { name: btn('处理') }).click();
  const detail = ops.getByRole('dialog').filter({ hasText: 'E2E-HT-0001' });
  await detail.getByRole('button', { name: btn('标记已签署') }).click();
  await expect(ops.getByText('已标记为已签署').first()).toBeVisible();
  await expect(row).toContainText('已签署');
  await ops.close();

  await useSession(page, 'demo');
  await page.goto('/contract/enterprise');
  const service = page.locator('.ant-table-row').filter({ hasText: '海南灵工服务有限公司' });
  await service.getByRole('link', { name: '查看合同' }).click();
  const mine = page.locator('.ant-table-row').filter({ hasText: 'E2E-HT-0001' });
  await expect(mine).toContainText('已签署');
});
