import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../helpers.ts';

const WORKERS = '/EmployeeManagement/listEmployee';
const EXPORTS = '/exportList/exportIndex';

async function waitForRows(page: Page) {
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
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
