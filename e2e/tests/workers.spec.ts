import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAxe } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { cardNumber, idNumber, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);

test.describe('workers', () => {
  test('add a worker, find it by filter, open its detail', async ({ page, consoleErrors }) => {
    await useSession(page, 'demo');
    await page.goto('/EmployeeManagement/addEmployee');
    const id = idNumber('19920315', 901);
    await page.getByPlaceholder('请输入姓名').fill('端到端测试');
    await page.getByPlaceholder('请输入 18 位身份证号').fill(id);
    await expect(page.getByText(/1992.03.15/)).toBeVisible();
    await page.getByPlaceholder('请输入手机号').fill('13911112233');
    await page.getByLabel('开户银行').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '中国建设银行' }).click();
    await page.getByPlaceholder('请输入银行卡号').fill(cardNumber('621700555566667'));
    await page.getByRole('button', { name: btn('保存') }).click();
    await expect(page).toHaveURL(/\/EmployeeManagement\/detailEmployee\?id=\d+$/);
    await expect(page.getByText('端到端测试').first()).toBeVisible();
    await expect(page.getByText('中国建设银行').first()).toBeVisible();

    await page.goto('/EmployeeManagement/listEmployee');
    await page.getByPlaceholder('请输入姓名（前缀匹配）').fill('端到端');
    await page.getByRole('button', { name: btn('查询') }).click();
    await expect(page).toHaveURL(/name=/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('330106********');
    await rows.first().getByRole('link', { name: '端到端测试' }).click();
    await expect(page).toHaveURL(/detailEmployee\?id=\d+/);
    expect(consoleErrors).toEqual([]);
  });

  test('import the template with two rows, then export and download from the download centre', async ({ page }) => {
    await useSession(page, 'demo');
    await page.goto('/EmployeeManagement/listEmployee');
    await page.getByRole('button', { name: btn('批量导入') }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '批量导入员工' });
    const templateDownload = page.waitForEvent('download');
    await drawer.getByRole('button', { name: btn('下载模板') }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);

    // Two rows in the template's columns, as CSV.
    const csv = [
      '姓名,身份证号,手机号,工种编码,入职日期,备注,开户银行,银行卡号,开户支行,支付宝账号',
      `导入甲,${idNumber('19930101', 911)},13800138001,QA,2025-01-02,,中国工商银行,${cardNumber('622202111122223')},,`,
      `导入乙,${idNumber('19940202', 912)},13800138002,,2025-01-03,,,,,13800138002`,
    ].join('\n');
    const file = join(tmpdir(), `import-${Date.now()}.csv`);
    writeFileSync(file, `\uFEFF${csv}`);
    await drawer.locator('input[type=file]').setInputFiles(file);
    await expect(drawer.getByText(/校验完成|有效/).first()).toBeVisible({ timeout: 30_000 });
    await drawer.getByRole('button', { name: btn('确认导入') }).click();
    await expect(drawer.getByText(/成功导入\s*2\s*条/)).toBeVisible({ timeout: 30_000 });
    // The imported workers' 实名认证 under the success (in the background, as the job goes), with
    // nothing axe finds in the drawer as it stands.
    await expect(drawer.getByText(/导入的 2 名员工(正在)?实名认证/)).toBeVisible({ timeout: 30_000 });
    const axe = await runAxe(page, { include: '.ant-drawer-open' });
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.getByPlaceholder('请输入姓名（前缀匹配）').fill('导入');
    await page.getByRole('button', { name: btn('查询') }).click();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
    await page.getByRole('button', { name: btn('导出') }).click();
    await expect(page.getByText('导出任务已创建')).toBeVisible();

    await page.goto('/exportList/exportIndex');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(row).toContainText('已完成', { timeout: 30_000 });
    await expect(row).toContainText('2');
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: btn('下载') }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
