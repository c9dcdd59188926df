/**
 * 实名认证 and 签约 in the browser (issue 43): an operator uploads 江苏智薪's cooperation agreement at
 * /ops 协议模板; an admin adds a worker, who is verified in the background (已认证 by 三要素 on the
 * detail, with the provider's reference), sends the agreement (发起签约), the worker follows the
 * sandbox's SMS link with its code, and the detail shows 已签约 with the signed PDF.
 * 江苏智薪 pays none of the other specs' batches, so its agreement (the demo's first version, and
 * the one uploaded here) asks nothing of them.
 */
import { expect, test } from '../fixtures.ts';
import { cardNumber, idNumber, makePdf, signInOps, useSession, waitForTableRows } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);
const JIANGSU = '江苏智薪人力资源有限公司';

test('a new worker is verified and signs the service company’s agreement', async ({ page, consoleErrors }) => {
  // The operator uploads 江苏智薪's agreement.
  await signInOps(page);
  await page.goto('/ops/agreements');
  const row = page.locator('.ant-table-row').filter({ hasText: JIANGSU });
  await row.getByRole('button', { name: btn('上传新版本') }).click();
  const upload = page.getByRole('dialog');
  await upload.locator('#agreement-pdf-input').setInputFiles({
    name: '共享经济合作伙伴协议.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf(1),
  });
  await upload.getByRole('button', { name: btn('上传') }).click();
  await expect(page.getByText(/已上传《共享经济合作伙伴协议》第 \d+ 版/)).toBeVisible();
  await expect(row).toContainText('《共享经济合作伙伴协议》第');
  await page.screenshot({ path: '../.tmp/e2e-output/ops-agreements.png', fullPage: true });

  // The admin adds a worker: verified in the background.
  await useSession(page, 'demo');
  await page.goto('/EmployeeManagement/addEmployee');
  const seq = 100 + (Date.now() % 800);
  await page.getByPlaceholder('请输入姓名').fill('签约测试');
  await page.getByPlaceholder('请输入 18 位身份证号').fill(idNumber('19930412', seq));
  await page.getByPlaceholder('请输入手机号').fill('13911114455');
  await page.getByLabel('开户银行').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '中国建设银行' }).click();
  await page.getByPlaceholder('请输入银行卡号').fill(cardNumber('621700777788889'));
  await page.getByRole('button', { name: btn('保存') }).click();
  await expect(page).toHaveURL(/\/EmployeeManagement\/detailEmployee\?id=\d+$/);
  const realName = page.locator('.ant-card').filter({ has: page.getByText('实名认证', { exact: true }) });
  await expect(realName.getByText('已认证')).toBeVisible({ timeout: 20_000 });
  await expect(realName).toContainText('三要素（姓名、身份证号、银行卡）');
  await expect(realName).toContainText(/SV[0-9A-F]{20}/);

  // 发起签约 with 江苏智薪; the sandbox's SMS link (shown in demo mode) signs with its code.
  const signing = page.locator('.ant-card').filter({ has: page.getByText('签约状态', { exact: true }) });
  await signing.getByRole('button', { name: btn('发起签约') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  await page.locator('.ant-select-item-option').filter({ hasText: JIANGSU }).click();
  await dialog.getByRole('button', { name: btn('发起签约') }).click();
  await expect(page.getByText('已提交签约，短信将在后台发送')).toBeVisible();
  const link = signing.getByRole('link', { name: '打开签署链接（沙箱）' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(signing).toContainText('签约中');
  await page.screenshot({ path: '../.tmp/e2e-output/worker-signing.png', fullPage: true });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/sandbox\/signing\/[\w-]+\?code=\d{6}$/);
  const detail = page.url();
  await page.goto(href ?? '');
  await expect(page.getByRole('heading', { name: '签署完成' })).toBeVisible();
  await page.goto(detail);
  await expect(signing.getByText('已签约').first()).toBeVisible({ timeout: 20_000 });
  await expect(signing.getByRole('button', { name: /下载 PDF：已签署的《共享经济合作伙伴协议》/ })).toBeVisible();
  await page.screenshot({ path: '../.tmp/e2e-output/worker-signed.png', fullPage: true });

  // 发起签约 for the rows ticked in the worker list (here the workers this spec added: the
  // signed ones are passed over by the job, which is the server's to say).
  await page.goto('/EmployeeManagement/listEmployee?name=签约测试');
  await waitForTableRows(page);
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  const ticked = Math.min(await rows.count(), 3);
  for (let i = 0; i < ticked; i++) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByText(`已选 ${ticked} 名员工`)).toBeVisible();
  await page.getByRole('button', { name: btn('为所选员工发起签约') }).click();
  const selection = page.getByRole('dialog');
  await expect(selection).toContainText(`向所选的 ${ticked} 名员工发起签约。`);
  await selection.getByRole('combobox').click();
  await page.locator('.ant-select-item-option').filter({ hasText: JIANGSU }).click();
  await selection.getByRole('button', { name: btn('发起签约') }).click();
  await expect(page.getByText('已提交签约，短信将在后台发送').last()).toBeVisible();
  await expect(page.getByText(/已选 \d+ 名员工/)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
