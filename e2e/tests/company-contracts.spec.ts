import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { violationsIn } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { lastSmsCode, makePdf, serverLogSize, signInOps, useSession } from '../helpers.ts';

// The axe checks of the dialogs inject axe-core, which the console's policy would refuse.
test.use({ bypassCSP: true });

const btn = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

/** At /ops: uploads a 待签署 contract of 星河科技 with 海南灵工 (the PDF at `pdf`). */
async function uploadPendingContract(ops: Page, pdf: string, contractNo: string, title: string) {
  await ops.goto('/ops/contracts');
  await ops.getByRole('button', { name: /上\s*传\s*合\s*同/ }).click();
  const drawer = ops.getByRole('dialog').filter({ hasText: '上传合同' });
  await drawer.getByLabel('企业').click();
  await ops.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '星河科技' }).click();
  await drawer.getByLabel('服务商').click();
  await ops.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '海南灵工' }).click();
  await drawer.getByLabel('合同编号').fill(contractNo);
  await drawer.getByLabel('合同名称').fill(title);
  const term = drawer.locator('.ant-picker-range input');
  await term.first().click();
  await term.first().fill('2026-01-01');
  await term.first().press('Enter');
  await term.last().fill('2030-12-31');
  await term.last().press('Enter');
  await drawer.locator('#contract-pdf-input').setInputFiles(pdf);
  await drawer.getByRole('button', { name: btn('上传') }).click();
  await expect(ops.getByText('合同已上传').first()).toBeVisible();
}

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
  await uploadPendingContract(ops, pdf, 'E2E-HT-0001', '端到端补充协议');

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

test('the company signs a 待签署 contract online with an SMS code; the signed PDF has the signature page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pdf = join(tmpdir(), `contract-sign-e2e-${process.pid}.pdf`);
  writeFileSync(pdf, makePdf(1));
  const ops = await page.context().newPage();
  await signInOps(ops);
  await uploadPendingContract(ops, pdf, 'E2E-HT-0002', '端到端在线签署协议');
  await ops.close();

  await useSession(page, 'demo');
  await page.goto('/contract/enterprise');
  const service = page.locator('.ant-table-row').filter({ hasText: '海南灵工服务有限公司' });
  await service.getByRole('link', { name: '查看合同' }).click();
  const mine = page.locator('.ant-table-row').filter({ hasText: 'E2E-HT-0002' });
  await expect(mine).toContainText('待签署');
  await mine.getByRole('link', { name: '详情' }).click();
  await page.getByRole('button', { name: /在\s*线\s*签\s*署/ }).click();
  const dialog = page.getByRole('dialog', { name: '在线签署合同' });
  await expect(dialog.getByRole('button', { name: /获取验证码/ })).toBeVisible();
  // The dialog passes axe's WCAG 2.1 A and AA rules (the axe tier checks the screens).
  expect(await violationsIn(page, '.ant-modal-wrap')).toEqual([]);
  const before = await serverLogSize();
  await dialog.getByRole('button', { name: /获取验证码/ }).click();
  const code = await lastSmsCode(before);
  await dialog.getByLabel('短信验证码').fill(code);
  await dialog.getByRole('button', { name: btn('确认签署') }).click();
  await expect(page.getByText('合同已签署').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const signature = page.locator('.ant-descriptions').filter({ hasText: '签署信息' });
  await expect(signature).toContainText('在线签署');
  await expect(signature).toContainText(/原文件 SHA-256\s*[0-9a-f]{64}/);
  await expect(page.getByText('已签署').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /在\s*线\s*签\s*署/ })).toHaveCount(0);
  // The PDF now has the uploaded page and the signature page.
  await page.getByRole('button', { name: /预\s*览/ }).click();
  await expect(page.getByText('共 2 页')).toBeVisible({ timeout: 20_000 });
});
