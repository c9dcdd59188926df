import { expect, test } from '../fixtures.ts';
import { openUserMenu, sidebarLabels, signIn, useSession } from '../helpers.ts';

test.describe('console shell', () => {
  test('a deep link without a token goes to /login, and back to the deep link after sign-in', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/systemSetting/adminManage?username=demo');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('演示账号（点击填入）')).toBeVisible();
    await signIn(page, 'demo');
    await expect(page).toHaveURL(/\/systemSetting\/adminManage\?username=demo$/);
    await expect(page.locator('.app-breadcrumb')).toHaveText(/首页\s*\/\s*系统设置\s*\/\s*管理员管理/);
    expect(consoleErrors).toEqual([]);
  });

  test('/login with a token goes to /, and / shows the dashboard', async ({ page }) => {
    await useSession(page, 'demo');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('账号信息')).toBeVisible();
    await expect(page).toHaveTitle('首页');
  });

  test('the sidebar shows only permitted items: demo sees 系统设置, finance does not', async ({ browser }) => {
    const demo = await browser.newPage();
    await signIn(demo, 'demo');
    expect(await sidebarLabels(demo)).toContain('系统设置');
    const finance = await browser.newPage();
    await signIn(finance, 'finance');
    expect(await sidebarLabels(finance)).not.toContain('系统设置');
    await finance.goto('/systemSetting/roleManage');
    await expect(finance.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  });

  test('tabs: 11 visited pages leave the last 10; closing the active one moves to the last tab', async ({ page }) => {
    await useSession(page, 'demo');
    const pages = [
      '/systemSetting/roleManage',
      '/systemSetting/adminManage',
      '/systemSetting/addUser',
      '/editPass/editPassIndex',
      '/editAuthentication/editAuthenticationIndex',
      '/editSysMobile',
      '/EmployeeManagement/listEmployee',
      '/EmployeeManagement/addEmployee',
      '/EmployeeManagement/jobList',
      '/exportList/exportIndex',
    ];
    for (const p of pages) {
      await page.goto(p);
      await expect(page.locator('.tags-view-item.active')).toBeVisible();
    }
    // 首页 plus ten pages visited: the first one (首页) has left the bar.
    const tabs = page.locator('.tags-view-item');
    await expect(tabs).toHaveCount(10);
    await expect(tabs.first()).toHaveText('角色管理');
    await expect(tabs.last()).toHaveText('下载中心');
    await page.locator('.tags-view-item.active .tags-view-close').click();
    await expect(page).toHaveURL(/\/EmployeeManagement\/jobList$/);
    await expect(tabs).toHaveCount(9);
    await page.reload();
    await expect(tabs).toHaveCount(9);
    await expect(page.locator('.app-breadcrumb')).toHaveText(/首页\s*\/\s*员工管理\s*\/\s*工种管理/);
  });

  test('switches company to 云帆物流 and back', async ({ page }) => {
    await signIn(page, 'demo');
    await expect(page.getByTestId('company-switcher')).toHaveText(/星河科技有限公司/);
    await page.getByTestId('company-switcher').click();
    await page.getByRole('menuitem', { name: /云帆物流有限公司/ }).click();
    await expect(page.getByText('正在切换企业…')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?t=\d+$/, { timeout: 15_000 });
    await expect(page.getByTestId('company-switcher')).toHaveText(/云帆物流有限公司/);
    await page.getByTestId('company-switcher').click();
    await page.getByRole('menuitem', { name: /星河科技有限公司/ }).click();
    await expect(page.getByTestId('company-switcher')).toHaveText(/星河科技有限公司/, { timeout: 15_000 });
  });

  test('a thrown client error shows the bug button and the bug log', async ({ page }) => {
    await useSession(page, 'demo');
    await page.goto('/dashboard');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByRole('button', { name: '错误日志' })).toHaveCount(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('测试错误 boom');
      });
    });
    await page.getByRole('button', { name: '错误日志' }).click();
    const dialog = page.getByRole('dialog', { name: 'bug log' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('测试错误 boom').first()).toBeVisible();
  });

  test('a bad stored token lands on /login, without the 确定登出 dialog on top', async ({ page, context }) => {
    await useSession(page, 'demo');
    const cookies = await context.cookies();
    const admin = cookies.find((c) => c.name === 'Admin-Token');
    expect(admin).toBeTruthy();
    await context.addCookies([{ ...admin!, value: 'broken.token.value' }]);
    await page.goto('/systemSetting/roleManage');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('dialog', { name: '确定登出' })).toHaveCount(0);
  });

  test('logout clears the cookie and returns to /login', async ({ page, context }) => {
    await signIn(page, 'demo');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  });
});
