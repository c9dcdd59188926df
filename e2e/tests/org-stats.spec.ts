import { expect, test } from '../fixtures.ts';
import type { Locator } from '@playwright/test';
import { useSession } from '../helpers.ts';

/** The head count a tree node shows after its name (`运营部 12 人`). */
async function headCount(node: Locator): Promise<number> {
  const text = (await node.textContent()) ?? '';
  return Number(/(\d+)\s*人$/.exec(text.trim())?.[1] ?? NaN);
}

test('moves a department by drag and drop; the head counts follow', async ({ page }) => {
  test.setTimeout(120_000);
  await useSession(page, 'demo');
  await page.goto('/organization/structure');
  const tree = page.getByRole('tree', { name: '部门树' });
  const title = (name: string) =>
    tree.locator('[data-testid^="department-"]').filter({ hasText: new RegExp(`^${name}\\d+\\s*人$`) });
  const brand = title('品牌组');
  const market = title('市场部');
  const ops = title('运营部');
  await expect(brand).toBeVisible({ timeout: 30_000 });
  const [brandCount, marketBefore, opsBefore] = [await headCount(brand), await headCount(market), await headCount(ops)];
  expect(brandCount).toBeGreaterThan(0);

  // Drop 品牌组 onto the middle of 运营部's title: it becomes 运营部's first team.
  const target = ops;
  const box = await target.boundingBox();
  if (!box) throw new Error('no box for 运营部');
  await brand.dragTo(target, {
    targetPosition: { x: box.width / 2, y: box.height / 2 },
  });
  await expect(page.getByText('部门已移动')).toBeVisible();
  await expect.poll(() => headCount(ops)).toBe(opsBefore + brandCount);
  expect(await headCount(market)).toBe(marketBefore - brandCount);

  // The server kept it: after a reload 品牌组 is still under 运营部, and its workers are 运营部's.
  await page.reload();
  await expect.poll(() => headCount(title('运营部')), { timeout: 30_000 }).toBe(opsBefore + brandCount);
  await title('运营部').click();
  await expect(page.getByText(`${opsBefore + brandCount} 人`, { exact: true }).last()).toBeVisible();
});

test('opens the worker analysis with its charts and exports a table to the download centre', async ({ page }) => {
  test.setTimeout(120_000);
  await useSession(page, 'demo');
  await page.goto('/statisticalCenter/employeeAnalysis');
  await expect(page.locator('.ant-statistic-title').filter({ hasText: '在职员工' })).toBeVisible({ timeout: 30_000 });
  const gender = page.getByTestId('analysis-gender');
  await expect(gender.getByRole('img', { name: /性别分布图表/ })).toBeVisible();
  // ECharts draws into a canvas once loaded.
  await expect(gender.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(gender.getByRole('table')).toContainText('男');
  const monthly = page.getByTestId('analysis-monthly');
  await expect(monthly.locator('.ant-table-row')).toHaveCount(12);

  await page.getByTestId('analysis-province').getByRole('button', { name: '导出籍贯省份分布' }).click();
  await expect(page.getByText('导出任务已创建')).toBeVisible();
  await page.goto('/exportList/exportIndex');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('员工分析');
  await expect(row).toContainText('已完成', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('提交统计 shows what the company submitted by day and month, and exports its table', async ({ page }) => {
  test.setTimeout(120_000);
  await useSession(page, 'demo');
  await page.goto('/statisticalCenter/submitChart');
  const chart = page.getByRole('img', { name: /提交笔数图表/ });
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('canvas')).toBeVisible({ timeout: 30_000 });
  // The demo's batches of this month: 待审批 and 待支付 among them, at 海南灵工.
  const table = page.getByRole('table');
  await expect(table).toContainText('发放批次');
  await expect(table).toContainText('待支付');
  await expect(table).toContainText('海南灵工服务有限公司');
  await expect(page.getByTestId('submit-total-payroll')).not.toContainText(/^发放批次0 笔/);

  await page.locator('label').filter({ hasText: '按月' }).click();
  await expect(table.getByRole('columnheader', { name: '月份' })).toBeVisible();
  // A year of the demo's payroll: one row a month at least (the table pages by 8).
  await expect(table.locator('.ant-table-row')).toHaveCount(8, { timeout: 30_000 });

  await page.getByRole('button', { name: '导出提交统计' }).click();
  await expect(page.getByText('导出任务已创建')).toBeVisible();
  await page.goto('/exportList/exportIndex');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('提交统计');
  await expect(row).toContainText('已完成', { timeout: 30_000 });
});
