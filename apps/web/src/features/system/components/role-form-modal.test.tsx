import type { TMenuAll, TRole } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../../components/test-utils.tsx';
import { RoleFormModal } from './role-form-modal.tsx';

/** What the server offers: built screens without the personal pages, built areas' elements. */
const MENU_ALL: TMenuAll = {
  menus: [
    {
      code: 'EmployeeManagement',
      path: '/EmployeeManagement',
      name: 'EmployeeManagement',
      title: '员工管理',
      children: [
        { code: 'listEmployee', path: '/EmployeeManagement/listEmployee', name: 'listEmployee', title: '员工列表' },
      ],
    },
    {
      code: 'exportList',
      path: '/exportList',
      name: 'exportList',
      title: '下载中心',
      children: [{ code: 'exportIndex', path: '/exportList/exportIndex', name: 'exportIndex', title: '下载中心' }],
    },
    {
      code: 'systemSetting',
      path: '/systemSetting',
      name: 'systemSetting',
      title: '系统设置',
      children: [
        { code: 'roleManage', path: '/systemSetting/roleManage', name: 'roleManage', title: '角色管理' },
        { code: 'adminManage', path: '/systemSetting/adminManage', name: 'adminManage', title: '管理员管理' },
      ],
    },
  ],
  elements: [
    { area: 'employee', title: '员工管理', elements: [{ code: 'employee:view', title: '查看员工' }] },
    {
      area: 'system',
      title: '系统设置',
      elements: [
        { code: 'system:role', title: '角色管理' },
        { code: 'system:admin', title: '管理员管理' },
      ],
    },
  ],
};

const STORED_ROLE: TRole = {
  id: 7,
  name: '财务',
  description: '',
  isOwnerRole: false,
  // Granted before: an area without screens (薪酬) and a personal page, neither offered now.
  menuCodes: ['EmployeeManagement', 'listEmployee', 'EmolumentManagement', 'payRoll', 'editPass'],
  elementCodes: ['employee:view', 'payroll:pay'],
  adminCount: 1,
  createdAt: '2024-05-01T02:00:00.000Z',
  updatedAt: '2024-05-01T02:00:00.000Z',
};

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

afterEach(() => {
  api?.restore();
  api = undefined;
});

function treeNode(dialog: HTMLElement, title: string): HTMLElement {
  const nodes = within(dialog)
    .getAllByText(title)
    .map((el) => el.closest('.ant-tree-treenode'))
    .filter((n): n is HTMLElement => n instanceof HTMLElement);
  if (nodes.length !== 1) throw new Error(`${nodes.length} tree nodes titled ${title}`);
  return nodes[0] as HTMLElement;
}

function renderModal(role: TRole | null, onSave: (call: TApiCall) => void) {
  api = mockApi({
    'GET /api/admin/user/front/menu/all': () => ok(MENU_ALL),
    'POST /api/admin/role': (call) => {
      onSave(call);
      return ok({ ...STORED_ROLE, id: 8 });
    },
    'PUT /api/admin/role/:id': (call) => {
      onSave(call);
      return ok(STORED_ROLE);
    },
  });
  renderScreen(() => <RoleFormModal open role={role} onClose={() => undefined} />, { path: '/' });
}

describe('the role editor', () => {
  it('lists a menu whose only child bears its title once, and checking it grants both', async () => {
    let saved: TApiCall | undefined;
    renderModal(null, (call) => (saved = call));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('员工列表');
    const treeTitles = [...dialog.querySelectorAll('.ant-tree-title')].map((el) => el.textContent);
    expect(treeTitles.filter((title) => title === '下载中心')).toHaveLength(1);
    expect(new Set(treeTitles).size).toBe(treeTitles.length);

    await user.type(within(dialog).getByPlaceholderText('请输入角色名称'), '导出');
    await user.click(treeNode(dialog, '下载中心').querySelector('.ant-tree-checkbox') as HTMLElement);
    await user.click(getButton('保存', dialog));

    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.body).toMatchObject({ menuCodes: ['exportList', 'exportIndex'], elementCodes: [] });
  });

  it('sends back the grants it does not offer as they were, with the offered ones as edited', async () => {
    let saved: TApiCall | undefined;
    renderModal(STORED_ROLE, (call) => (saved = call));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('员工列表');
    expect(within(dialog).queryByText('修改密码')).toBeNull();

    await user.click(treeNode(dialog, '角色管理').querySelector('.ant-tree-checkbox') as HTMLElement);
    await user.click(within(dialog).getByLabelText('查看员工'));
    await user.click(within(within(dialog).getByRole('group', { name: '系统设置' })).getByLabelText('管理员管理'));
    await user.click(getButton('保存', dialog));

    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.url).toBe('/api/admin/role/7');
    expect(saved?.body).toEqual({
      name: '财务',
      description: '',
      menuCodes: [
        'EmployeeManagement',
        'listEmployee',
        'systemSetting',
        'roleManage',
        'EmolumentManagement',
        'payRoll',
        'editPass',
      ],
      elementCodes: ['system:admin', 'payroll:pay'],
    });
  });
});
