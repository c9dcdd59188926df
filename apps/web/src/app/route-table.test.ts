import { ASYNC_ROUTES } from '@flexpay/contract/web';
import { describe, expect, it } from 'vitest';
import { menuItemsOf } from './layout/sidebar.tsx';
import { builtScreens, isPermitted, pageTitle } from './route-table.ts';

describe('route table', () => {
  const role = builtScreens().find((h) => h.fullPath === '/systemSetting/roleManage');

  it('permits a screen only with its own and its parent menu code', () => {
    if (!role) throw new Error('roleManage is built');
    expect(isPermitted(role, { systemSetting: true, roleManage: true })).toBe(true);
    expect(isPermitted(role, { roleManage: true })).toBe(false);
    expect(isPermitted(role, { systemSetting: true })).toBe(false);
  });

  it('always permits the dashboard', () => {
    const dashboard = builtScreens().find((h) => h.fullPath === '/dashboard');
    expect(dashboard && isPermitted(dashboard, {})).toBe(true);
  });

  it('prefixes the product name only on the official host', () => {
    expect(pageTitle('角色管理', 'console.example.com', 'console.example.com', '产品')).toBe('产品 - 角色管理');
    expect(pageTitle('角色管理', 'localhost', 'console.example.com', '产品')).toBe('角色管理');
    expect(pageTitle('角色管理', 'localhost', undefined, '产品')).toBe('角色管理');
  });

  it('leaves hidden routes and parents without visible children out of the sidebar', () => {
    const items = menuItemsOf(
      ASYNC_ROUTES.filter((r) => ['/systemSetting', '/editPass', '/editSysMobile'].includes(r.path)),
    );
    const labels = JSON.stringify(items);
    expect(labels).toContain('角色管理');
    expect(labels).not.toContain('添加管理员');
    expect(labels).not.toContain('修改密码');
    expect(labels).not.toContain('修改手机号');
  });

  it('puts 回单详情 in the sidebar under 发票中心 (issue 38, point 12)', () => {
    const items = menuItemsOf(ASYNC_ROUTES.filter((r) => r.path === '/invoiceCenter'));
    const center = items.find((i) => i?.key === '/invoiceCenter') as { children?: { key: string; label: string }[] };
    expect(center.children).toContainEqual({ key: '/invoiceCenter/emolumentReceiptDetails', label: '回单详情' });
  });
});
