import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DEMO_PASSWORD, lastSmsCode, payableWorkers, serverLogSize, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);

/** Another admin on the same page: the first one's cookie gone, the other's session, at `path`. */
async function signOutAndIn(page: Page, username: string, path = '/dashboard') {
  await page.context().clearCookies();
  await useSession(page, username);
  await page.goto(path);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test.describe('payroll', () => {
  test('hr creates a batch from a sheet with one bad row, fixes it, submits after being told who approves; the owner approves: 待支付', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const workers = await payableWorkers(request);
    // The third row is above the single maximum of 海南灵工 (¥50,000.00).
    const amounts = ['20000', '20000', '60000'];
    const csv = join(tmpdir(), `payroll-e2e-${process.pid}.csv`);
    writeFileSync(
      csv,
      ['姓名,身份证号,金额（元）,备注', ...workers.map((w, i) => `${w.name},${w.idNumber},${amounts[i]},端到端`)].join(
        '\n',
      ),
    );

    await useSession(page, 'hr');
    await page.goto('/EmolumentManagement/emolumentGrantNew');
    await page.getByLabel('批次名称').fill('端到端测试发放');
    await page.getByRole('combobox', { name: /服务商/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '海南灵工服务有限公司' }).click();
    await expect(page.getByText(/服务费率 6\.50%（企业承担）/)).toBeVisible();
    await page.getByRole('button', { name: /下一步/ }).click();
    await expect(page).toHaveURL(/emolumentCheck\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // The import drawer opens: upload the sheet, confirm the import.
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('input[type="file"]').setInputFiles(csv);
    await drawer.getByRole('button', { name: btn('确认导入') }).click();
    await drawer.getByRole('button', { name: btn('完成') }).click();

    // Closing the drawer checks what it added: one item is above the maximum.
    await expect(page.getByText('核对完成：1 条未通过，请修改或删除后重新核对')).toBeVisible();
    await expect(page.getByRole('tab', { name: '异常 1' })).toBeVisible();
    await page.getByRole('tab', { name: '异常 1' }).click();
    const bad = page.locator('.ant-table-row').filter({ hasText: '金额超过单笔最高 ¥50000.00' });
    await expect(bad).toHaveCount(1);
    await bad.getByRole('button', { name: btn('修改') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改发放明细' });
    await dialog.getByLabel('应发金额（元）').fill('15000');
    await dialog.getByRole('button', { name: btn('保存') }).click();
    await expect(page.getByText('发放明细已修改，请重新核对')).toBeVisible();
    await page.getByRole('button', { name: btn('重新核对') }).click();
    await expect(page.getByRole('tab', { name: '正常 3' })).toBeVisible();

    // 核对确认: the totals, then submit for approval (¥55,000 + fee is over the ¥50,000 threshold).
    await page.getByRole('button', { name: /核对确认/ }).click();
    await expect(page).toHaveURL(/emolumentCheckVerify\?id=/);
    await expect(page.getByText('¥55,000.00').first()).toBeVisible();
    await expect(page.getByText('¥58,575.00')).toBeVisible();
    await expect(page.getByText('¥3,575.00').first()).toBeVisible();
    // Before 确认提交 the screen says what will happen: the owner or 财务 approves (not hr, who made it).
    await expect(page.getByText('提交后需审批（扣款合计不低于 ¥50,000.00），审批通过后进入待支付')).toBeVisible();
    await expect(page.getByText('第 1 步（任一人审批）：林晓、王敏')).toBeVisible();
    await page.getByRole('button', { name: btn('确认提交') }).click();
    await expect(page).toHaveURL(/checkVerify\?id=/);
    await expect(page.locator('.ant-result-title')).toHaveText('已提交审批');

    // 财务 finds it in 薪酬发放's 待我审批; the owner approves it from the top bar's drawer.
    await signOutAndIn(page, 'finance', '/EmolumentManagement/emolumentGrant');
    await page.getByRole('button', { name: /^待我审批 [1-9]\d* 笔发放$/ }).click();
    await expect(page.locator('.ant-dropdown-menu-item').filter({ hasText: '端到端测试发放' })).toBeVisible();
    await signOutAndIn(page, 'demo');
    await page.getByRole('button', { name: /^待我审批 \d+$/ }).click();
    await page
      .locator('.ant-drawer .ant-list-item')
      .filter({ hasText: '端到端测试发放' })
      .getByRole('button', { name: btn('去审批') })
      .click();
    await expect(page).toHaveURL(new RegExp(`emolumentGrantDetails\\?id=${id}$`));
    await page.getByRole('button', { name: btn('同意') }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '同意发放' });
    await modal.getByLabel('审批意见').fill('demo 同意');
    await modal.getByRole('button', { name: btn('同意') }).click();
    await expect(page.locator('.ant-message').getByText('已同意')).toBeVisible();
    await expect(page.locator('.ant-descriptions').getByText('待支付', { exact: true })).toBeVisible();
    await expect(page.getByText('demo 同意')).toBeVisible();
  });
});

test.describe('payment', () => {
  test('demo pays the 待支付 demo batch with an SMS code and watches it settle; failures wait in 退款中心', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useSession(page, 'demo');
    // 首页's 本月已发放: how many payouts this month before this payment.
    const paidFigure = page.getByTestId('home-figure').filter({ hasText: '本月已发放（含服务费）' });
    const paidCount = async () => Number((/(\d+) 笔/.exec((await paidFigure.textContent()) ?? '') ?? [])[1]);
    await page.goto('/dashboard');
    await expect(paidFigure).toContainText('笔');
    const paidBefore = await paidCount();
    await page.goto('/EmolumentManagement/payRoll');
    const row = page.locator('.ant-table-row').filter({ hasText: '客服加班费' });
    await row
      .getByRole('button', { name: btn('支付') })
      .first()
      .click();
    await expect(page).toHaveURL(/payConfirm\?id=\d+/);
    const before = await serverLogSize();
    await page.getByRole('button', { name: btn('获取验证码') }).click();
    await expect(page.getByText(/验证码已发送至/)).toBeVisible();
    // Demo mode: the visitor reads the code on the form, the one the SMS carried.
    const sent = await lastSmsCode(before);
    await expect(page.getByText(`演示模式验证码：${sent}`)).toBeVisible();
    await page.getByLabel('短信验证码').fill(sent);
    await page.getByRole('button', { name: /确认支付/ }).click();
    await expect(page).toHaveURL(/payRollDetail\?id=\d+/);
    // The sandbox settles within seconds; the page refreshes itself while it pays.
    await expect(page.locator('.ant-descriptions').getByText(/^(已完成|部分成功)$/)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table-row').filter({ hasText: '已支付' }).first()).toBeVisible();
    const detailUrl = page.url();
    // 首页 counts the new payouts.
    await page.goto('/dashboard');
    await expect.poll(paidCount, { timeout: 15_000 }).toBeGreaterThan(paidBefore);
    await page.goto(detailUrl);

    // 回单详情: each successful payout's receipt, opened in 文件预览 (a new tab) and downloaded.
    await page.getByRole('button', { name: btn('回单详情') }).click();
    await expect(page).toHaveURL(/invoiceCenter\/emolumentReceiptDetails\?id=\d+/);
    const receipt = page.locator('.ant-table-row').first();
    await expect(receipt).toContainText(/HD\d{16}/);
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      receipt.getByRole('link', { name: /预览回单/ }).click(),
    ]);
    await expect(preview.getByText('共 1 页')).toBeVisible({ timeout: 20_000 });
    await expect(preview.locator('.react-pdf__Page__textContent')).toContainText('电子回单');
    await expect(preview.locator('.react-pdf__Page__textContent')).toContainText('人民币');
    const [file] = await Promise.all([
      preview.waitForEvent('download'),
      preview.getByRole('button', { name: /下\s*载/ }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^回单_HD\d{16}_.+\.pdf$/);
    // 回单验真: the code printed on the receipt opens its check page as the QR code's link does,
    // for anyone; the PDF just downloaded, hashed in the browser, is the receipt as issued.
    const printed = (await preview.locator('.react-pdf__Page__textContent').textContent()) ?? '';
    const code = /回单验证码：\s*([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/.exec(printed)?.[1];
    expect(code, '回单验证码 printed on the receipt').toBeTruthy();
    await preview.goto(`/verify?code=${(code ?? '').replaceAll('-', '')}`);
    await expect(preview.getByText('验证通过：这是平台签发的电子回单')).toBeVisible();
    await expect(preview.locator('.ant-descriptions')).toContainText('已支付');
    await preview.getByLabel('选择回单 PDF 文件').setInputFiles(await file.path());
    await expect(preview.getByText(/^文件一致：/)).toBeVisible();
    await preview.close();
    await page.goto(detailUrl);

    if (await page.locator('.ant-descriptions').getByText('部分成功').isVisible()) {
      await page.getByRole('button', { name: btn('退款中心') }).click();
      await expect(page.locator('.ant-table-row').first()).toContainText(/卡号无效|账户异常|户名不符/);
    }
  });
});

test.describe('refund centre', () => {
  test('finance fixes the card of the demo failed payment and pays it again: the batch ends 已完成', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const login = await request.post('/api/auth/jwt/ecomapnyToken', {
      data: { username: 'finance', password: DEMO_PASSWORD },
    });
    const token = ((await login.json()) as { data: string }).data;
    const refunds = await request.get('/api/emolument/refund/page', { headers: { authorization: token } });
    const failed = ((await refunds.json()) as { data: { rows: { workerId: number; name: string; batchId: number }[] } })
      .data.rows[0];
    expect(failed).toBeDefined();

    await useSession(page, 'finance');
    // A good card, the worker's default now.
    await page.goto(`/EmployeeManagement/detailEmployee?id=${failed!.workerId}`);
    await page.getByRole('button', { name: btn('添加银行卡') }).click();
    const cardDialog = page.locator('.ant-modal').filter({ hasText: '添加银行卡' });
    // Typed into the select's search and chosen with Enter: a click on the option could land
    // while the dropdown was still opening.
    const bank = cardDialog.getByRole('combobox', { name: /开户银行/ });
    await bank.click();
    await bank.fill('中国工商银行');
    await expect(page.locator('.ant-select-item-option-active')).toContainText('中国工商银行');
    await page.keyboard.press('Enter');
    await expect(cardDialog.locator('.ant-select-content, .ant-select-selection-item')).toContainText('中国工商银行');
    // Luhn-valid, and not ending in 4 (the sandbox's 卡号无效).
    await cardDialog.getByPlaceholder('请输入银行卡号').fill('6222020000000000018');
    await cardDialog.getByText('设为默认收款账户').click();
    await cardDialog.getByRole('button', { name: btn('保存') }).click();
    await expect(page.getByText('银行卡已添加')).toBeVisible();

    await page.goto('/EmolumentManagement/refundCenter');
    const row = page.locator('.ant-table-row').filter({ hasText: failed!.name });
    await row.getByRole('button', { name: btn('重新支付') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '重新支付' });
    const before = await serverLogSize();
    await dialog.getByRole('button', { name: btn('获取验证码') }).click();
    await dialog.getByLabel('短信验证码').fill(await lastSmsCode(before));
    await dialog.getByRole('button', { name: btn('重新支付') }).click();
    await expect(page.getByText('已重新支付，正在发放')).toBeVisible();

    await page.goto(`/EmolumentManagement/payRollDetail?id=${failed!.batchId}`);
    await expect(page.locator('.ant-descriptions').getByText('已完成', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });
});
