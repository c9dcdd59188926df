import { expect, test } from '../fixtures.ts';
import { openUserMenu, signIn, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);

test.describe('system settings and personal screens', () => {
  test('role and admin management round trip, then the new admin changes its password and signs in with it', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await useSession(page, 'demo');

    // A role that may only see the admin list.
    await page.goto('/systemSetting/roleManage');
    await page.getByRole('button', { name: btn('新增角色') }).click();
    const roleDialog = page.locator('.ant-modal').filter({ hasText: '新增角色' });
    await roleDialog.getByPlaceholder('请输入角色名称').fill('账号专员');
    const treeNode = (text: string) =>
      roleDialog
        .locator('.ant-tree-treenode')
        .filter({ hasText: new RegExp(`^${text}`) })
        .first();
    await treeNode('管理员管理').locator('.ant-tree-checkbox').click();
    // The personal pages are every admin's: the editor does not offer them.
    await expect(roleDialog.locator('.ant-tree-treenode').filter({ hasText: /^修改密码/ })).toHaveCount(0);
    await roleDialog
      .locator('label.ant-checkbox-wrapper')
      .filter({ hasText: /^管理员管理$/ })
      .click();
    await roleDialog.getByRole('button', { name: btn('保存') }).click();
    await expect(page.getByRole('cell', { name: '账号专员' })).toBeVisible();

    // An admin with that role.
    await page.goto('/systemSetting/adminManage');
    await page.getByRole('button', { name: btn('添加管理员') }).click();
    await expect(page).toHaveURL(/\/systemSetting\/addUser$/);
    await page.getByPlaceholder('请输入用户名').fill('hr_e2e');
    await page.getByPlaceholder('请输入初始密码').fill('Hr@e2e2026');
    await page.getByPlaceholder('请输入姓名').fill('周人事');
    await page.getByPlaceholder('请输入手机号').fill('13700001111');
    await page.getByLabel('角色', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '账号专员' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: btn('保存') }).click();
    await expect(page).toHaveURL(/\/systemSetting\/adminManage/);
    await expect(page.getByRole('cell', { name: 'hr_e2e' })).toBeVisible();

    // The new admin sees only what the role grants, and changes its password.
    const hr = await browser.newPage();
    await signIn(hr, 'hr_e2e', 'Hr@e2e2026');
    // 系统设置 has one visible child for this role, so the sidebar shows that child in its place.
    await expect(hr.locator('.app-sider')).toContainText('管理员管理');
    await expect(hr.locator('.app-sider')).not.toContainText('角色管理');
    await openUserMenu(hr);
    await hr.getByRole('menuitem', { name: '修改密码' }).click();
    await hr.getByPlaceholder('请输入原密码').fill('Hr@e2e2026');
    await hr.getByPlaceholder('请输入新密码').fill('Hr@e2e2027');
    await hr.getByPlaceholder('请再次输入新密码').fill('Hr@e2e2027');
    await hr.getByRole('button', { name: btn('确认修改') }).click();
    await expect(hr.getByText('密码修改成功')).toBeVisible();
    await openUserMenu(hr);
    await hr.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(hr).toHaveURL(/\/login$/);
    await signIn(hr, 'hr_e2e', 'Hr@e2e2027');

    // Disabling the admin ends its session.
    await page
      .getByRole('row', { name: /hr_e2e/ })
      .getByRole('button', { name: btn('停用') })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: btn('停用') })
      .click();
    await expect(page.getByRole('row', { name: /hr_e2e/ })).toContainText('停用');
    await hr.reload();
    await expect(hr).toHaveURL(/\/login$/);
    expect(consoleErrors).toEqual([]);
  });
});
