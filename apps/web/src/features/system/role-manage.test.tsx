import type { TMenuAll, TRole } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { grantedMenuCodes } from './components/menu-codes.ts';
import { Component as RoleManagePage } from './routes/role-manage-page.tsx';

const PATH = '/systemSetting/roleManage';

const MENU_ALL: TMenuAll = {
  menus: [
    {
      code: 'EmployeeManagement',
      path: '/EmployeeManagement',
      name: 'EmployeeManagement',
      title: '员工管理',
      children: [
        { code: 'listEmployee', path: '/EmployeeManagement/listEmployee', name: 'listEmployee', title: '员工列表' },
        {
          code: 'addEmployee',
          path: '/EmployeeManagement/addEmployee',
          name: 'addEmployee',
          title: '添加员工',
          hidden: true,
        },
      ],
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
    { code: 'editSysMobile', path: '/editSysMobile', name: 'editSysMobile', title: '修改手机号', hidden: true },
  ],
  elements: [
    {
      area: 'system',
      title: '系统设置',
      elements: [
        { code: 'system:role', title: '管理角色' },
        { code: 'system:admin', title: '管理管理员' },
      ],
    },
  ],
};

const ALL_MENU_CODES = [
  'EmployeeManagement',
  'listEmployee',
  'addEmployee',
  'systemSetting',
  'roleManage',
  'adminManage',
  'editSysMobile',
];

function role(overrides: Partial<TRole>): TRole {
  return {
    id: 1,
    name: '角色',
    description: '',
    isOwnerRole: false,
    menuCodes: [],
    elementCodes: [],
    adminCount: 0,
    createdAt: '2024-05-01T02:00:00.000Z',
    updatedAt: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

const OWNER_ROLE = role({
  id: 1,
  name: '企业管理员',
  description: '拥有全部权限',
  isOwnerRole: true,
  menuCodes: ALL_MENU_CODES,
  elementCodes: ['system:role', 'system:admin'],
  adminCount: 1,
});
const FINANCE_ROLE = role({
  id: 2,
  name: '财务',
  description: '负责发薪',
  menuCodes: ['EmployeeManagement', 'listEmployee'],
  adminCount: 3,
});

function mockRoles(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/role/page': () => ok({ total: 2, rows: [OWNER_ROLE, FINANCE_ROLE] }),
    'GET /api/admin/user/front/menu/all': () => ok(MENU_ALL),
    ...extra,
  });
}

/** The checkbox of a tree node, found by its title. */
function treeCheckbox(title: string): HTMLElement {
  const node = screen.getByText(title).closest('.ant-tree-treenode');
  const box = node?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!box) throw new Error(`no tree node ${title}`);
  return box;
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'system:role': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('grantedMenuCodes', () => {
  it('adds the parents of checked leaves and ignores checked parents without checked leaves', () => {
    expect(grantedMenuCodes(MENU_ALL.menus, ['roleManage', 'EmployeeManagement'])).toEqual([
      'systemSetting',
      'roleManage',
    ]);
    expect(grantedMenuCodes(MENU_ALL.menus, ['editSysMobile', 'addEmployee'])).toEqual([
      'EmployeeManagement',
      'addEmployee',
      'editSysMobile',
    ]);
  });
});

describe('角色管理', () => {
  it('renders the rows the API returns, the owner role tagged', async () => {
    api = mockRoles();
    renderScreen(RoleManagePage, { path: PATH });

    const financeRow = (await screen.findByText('财务')).closest('tr');
    expect(financeRow).not.toBeNull();
    expect(within(financeRow as HTMLElement).getByText('负责发薪')).toBeInTheDocument();
    expect(within(financeRow as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('企业管理员', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'GET', params: { page: 1, limit: 10 } });
  });

  it('searches by name through the URL', async () => {
    api = mockRoles();
    const { router } = renderScreen(RoleManagePage, { path: PATH });
    await screen.findByText('财务');

    await user.type(screen.getByPlaceholderText('请输入角色名称'), '财务');
    await user.click(getButton('查询'));

    await waitFor(() => expect(router.state.location.search).toBe('?name=%E8%B4%A2%E5%8A%A1'));
    await waitFor(() =>
      expect(api?.calls.at(-1)).toMatchObject({ url: '/api/admin/role/page', params: { name: '财务', page: 1 } }),
    );
  });

  it('shows an error state with a retry when the list fails', async () => {
    api = mockApi({ 'GET /api/admin/role/page': () => fail(500, 500, '系统繁忙，请稍后再试！') });
    renderScreen(RoleManagePage, { path: PATH });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(getButton('重新加载')).toBeInTheDocument();
  });

  it('hides the add, edit and delete buttons without the system:role element', async () => {
    useSession.setState({ elements: {} });
    api = mockRoles();
    renderScreen(RoleManagePage, { path: PATH });
    await screen.findByText('财务');
    expect(screen.queryByText('新增角色')).toBeNull();
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('sends the parents of checked menus with the checked elements when adding a role', async () => {
    let created: TApiCall | undefined;
    api = mockRoles({
      'POST /api/admin/role': (call) => {
        created = call;
        return ok(role({ id: 3, name: '人事' }));
      },
    });
    renderScreen(RoleManagePage, { path: PATH });
    await screen.findByText('财务');

    await user.click(getButton('新增角色'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('角色管理');
    await user.type(within(dialog).getByPlaceholderText('请输入角色名称'), '人事');
    await user.click(treeCheckbox('角色管理'));
    await user.click(treeCheckbox('修改手机号'));
    await user.click(within(dialog).getByLabelText('管理管理员'));
    await user.click(getButton('保存', dialog));

    await waitFor(() => expect(created).toBeDefined());
    expect(created?.body).toEqual({
      name: '人事',
      description: '',
      menuCodes: ['systemSetting', 'roleManage', 'editSysMobile'],
      elementCodes: ['system:admin'],
    });
    expect(await screen.findByText('角色已添加')).toBeInTheDocument();
  });

  it('stores the name and the description trimmed when they lose focus (issue 24, point 18)', async () => {
    let created: TApiCall | undefined;
    api = mockRoles({
      'POST /api/admin/role': (call) => {
        created = call;
        return ok(role({ id: 3, name: '人事' }));
      },
    });
    renderScreen(RoleManagePage, { path: PATH });
    await screen.findByText('财务');

    await user.click(getButton('新增角色'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('角色管理');
    await user.click(within(dialog).getByPlaceholderText('请输入角色名称'));
    await user.paste('  人事  ');
    const description = within(dialog).getByPlaceholderText('请输入角色描述');
    await user.click(description);
    await user.paste('  负责招聘\n  ');
    await user.click(treeCheckbox('角色管理'));
    expect(description).toHaveValue('负责招聘');
    await user.click(getButton('保存', dialog));

    await waitFor(() => expect(created).toBeDefined());
    expect(created?.body).toMatchObject({ name: '人事', description: '负责招聘' });
  });

  it('edits a role starting from its grants and keeps the parent when a whole branch is checked', async () => {
    let updated: TApiCall | undefined;
    api = mockRoles({
      'PUT /api/admin/role/:id': (call) => {
        updated = call;
        return ok(FINANCE_ROLE);
      },
    });
    renderScreen(RoleManagePage, { path: PATH });
    const row = (await screen.findByText('财务')).closest('tr') as HTMLElement;

    await user.click(getButton('编辑', row));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('财务')).toBeInTheDocument();
    await within(dialog).findByText('添加员工');
    await user.click(treeCheckbox('添加员工'));
    await user.click(getButton('保存', dialog));

    await waitFor(() => expect(updated).toBeDefined());
    expect(updated?.url).toBe('/api/admin/role/2');
    expect(updated?.body).toMatchObject({ menuCodes: ['EmployeeManagement', 'listEmployee', 'addEmployee'] });
  });

  it('shows the owner role read-only and sends its grants back unchanged', async () => {
    let updated: TApiCall | undefined;
    api = mockRoles({
      'PUT /api/admin/role/:id': (call) => {
        updated = call;
        return ok(OWNER_ROLE);
      },
    });
    renderScreen(RoleManagePage, { path: PATH });
    const row = (await screen.findByText('拥有全部权限')).closest('tr') as HTMLElement;
    expect(getButton('删除', row)).toBeDisabled();

    await user.click(getButton('编辑', row));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('企业管理员角色拥有全部权限，只能修改名称和描述。')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('管理角色')).toBeDisabled();
    await user.click(getButton('保存', dialog));

    await waitFor(() => expect(updated).toBeDefined());
    expect(updated?.body).toMatchObject({ menuCodes: ALL_MENU_CODES, elementCodes: ['system:role', 'system:admin'] });
  });

  it('deletes a role after confirmation', async () => {
    api = mockRoles({ 'DELETE /api/admin/role/:id': () => ok(null) });
    renderScreen(RoleManagePage, { path: PATH });
    const row = (await screen.findByText('财务')).closest('tr') as HTMLElement;

    await user.click(getButton('删除', row));
    const confirm = (await screen.findByText('确定删除角色“财务”吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(getButton('删除', confirm));
    await waitFor(() =>
      expect(api?.calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/role/2')).toBe(true),
    );
  });
});
