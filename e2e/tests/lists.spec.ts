import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../helpers.ts';

const WORKERS = '/EmployeeManagement/listEmployee';
const EXPORTS = '/exportList/exportIndex';

async function waitForRows(page: Page) {
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
}

/** How far a table's content overflows its box, in px (0: it fits). */
const tableOverflow = (page: Page) =>
  page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((box) => box.scrollWidth - box.clientWidth);

/** The header cell whose text is `title`. */
const headerCell = (page: Page, title: string) =>
  page.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });

// The window widths admins use: nothing scrolls sideways, 签约状态 is never under the fixed 操作
// column, and the download centre shows whole file names and their 过期时间.
for (const width of [1366, 1440, 1920]) {
  test(`the worker list and the download centre fit a ${width} px window`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'demo');
    await page.goto(WORKERS);
    await waitForRows(page);
    expect(await tableOverflow(page), `${WORKERS} overflows at ${width} px`).toBeLessThanOrEqual(0);
    const contract = await headerCell(page, '签约状态').boundingBox();
    const actions = await headerCell(page, '操作').boundingBox();
    expect(contract, '签约状态 shows').not.toBeNull();
    expect(actions, '操作 shows').not.toBeNull();
    expect(contract!.x + contract!.width).toBeLessThanOrEqual(actions!.x + 1);

    // One export of this run, so the download centre has a row to measure.
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await expect(page.getByText(/导出任务已创建/).first()).toBeVisible();
    await page.goto(EXPORTS);
    await waitForRows(page);
    expect(await tableOverflow(page), `${EXPORTS} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await expect(headerCell(page, '过期时间')).toBeInViewport();
    const fileName = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first();
    await expect(fileName).toContainText('.xlsx', { timeout: 30_000 });
    // The whole file name shows: nothing cut off with an ellipsis.
    expect(await fileName.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  });
}

test('a greyed 删除 on 工种 says why when hovered', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/EmployeeManagement/jobList');
  await waitForRows(page);
  const blocked = page
    .locator('.ant-table-tbody button:disabled')
    .filter({ hasText: /删\s*除/ })
    .first();
  await expect(blocked).toBeVisible();
  // The disabled button takes no pointer events; the tooltip sits on the wrapper under it.
  await blocked.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText(/名员工使用该工种，不能删除/);
});

test('查询 always fetches; a new export shows in an open download centre', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto(EXPORTS);
  await expect(page.locator('.app-content')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  const before = await page.locator('.ant-table-tbody tr.ant-table-row').count();

  await page.goto(WORKERS);
  await waitForRows(page);
  let listCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/companystaff/employee/page')) listCalls += 1;
  });
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => listCalls).toBe(1);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => listCalls).toBe(2);

  await page.getByRole('button', { name: /导\s*出/ }).click();
  await page.locator('.ant-message').getByText('下载中心').click();
  await expect(page).toHaveURL(new RegExp(EXPORTS));
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(Math.min(10, before + 1));
});

test('a failed list shows its error once, and a 4xx is not asked again', async ({ page }) => {
  await signIn(page, 'demo');
  let calls = 0;
  await page.route('**/api/admin/role/page**', async (route) => {
    calls += 1;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: '{"status":40000,"message":"请求参数有误"}',
    });
  });
  await page.goto('/systemSetting/roleManage');
  await expect(page.getByText('数据加载失败')).toBeVisible();
  await page.waitForTimeout(2500); // longer than a retry would wait
  expect(calls).toBe(1);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '请求参数有误' })).toHaveCount(1);

  // No answer at all: tried once more, still one toast.
  calls = 0;
  await page.unroute('**/api/admin/role/page**');
  await page.route('**/api/admin/role/page**', async (route) => {
    calls += 1;
    await route.abort('connectionrefused');
  });
  await page.getByRole('button', { name: /重新加载/ }).click();
  await expect.poll(() => calls, { timeout: 10_000 }).toBe(2);
  await page.waitForTimeout(500);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '网络异常' })).toHaveCount(1);
});
