import type { TAdminRow } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as AdminManagePage } from './routes/admin-manage-page.tsx';

const PATH = '/systemSetting/adminManage';

function admin(overrides: Partial<TAdminRow>): TAdminRow {
  return {
    id: 1,
    username: 'user',
    name: '用户',
    mobile: '13800000000',
    email: '',
    description: '',
    status: 'enabled',
    isOwner: false,
    verifyMethod: 'password',
    roles: [],
    lastLoginAt: null,
    lastLoginIp: null,
    createdAt: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

const ROWS = [
  admin({ id: 1, username: 'demo', name: '张主', isOwner: true, roles: [{ id: 1, name: '企业管理员' }] }),
  admin({ id: 2, username: 'manager', name: '李管', roles: [{ id: 3, name: '人事' }] }),
  admin({ id: 3, username: 'finance', name: '王财', roles: [{ id: 2, name: '财务' }], lastLoginAt: null }),
  admin({ id: 4, username: 'former', name: '赵离', status: 'disabled' }),
];

function rowOf(username: string): HTMLElement {
  const row = screen.getByText(username).closest('tr');
  if (!row) throw new Error(`no row ${username}`);
  return row;
}

function mockAdmins(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/user/page': () => ok({ total: ROWS.length, rows: ROWS }),
    'GET /api/admin/role/options': () =>
      ok([
        { id: 1, name: '企业管理员' },
        { id: 2, name: '财务' },
      ]),
    ...extra,
  });
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'system:admin': true }, userName: 'manager', isOwner: false });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('管理员管理', () => {
  it('lists admins with their roles, status and owner tag', async () => {
    api = mockAdmins();
    renderScreen(AdminManagePage, { path: PATH });

    await screen.findByText('finance');
    expect(within(rowOf('finance')).getByText('财务')).toBeInTheDocument();
    expect(within(rowOf('finance')).getByText('启用')).toBeInTheDocument();
    expect(within(rowOf('former')).getByText('停用', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(rowOf('demo')).getByText('企业主账号')).toBeInTheDocument();
    expect(within(rowOf('manager')).getByText('当前账号')).toBeInTheDocument();
  });

  it('hides the disable action for the owner and for the signed-in admin', async () => {
    api = mockAdmins();
    renderScreen(AdminManagePage, { path: PATH });
    await screen.findByText('finance');

    expect(within(rowOf('demo')).queryByText(/^停\s*用$/)).toBeNull();
    expect(within(rowOf('manager')).queryByText(/^停\s*用$/)).toBeNull();
    expect(getButton('停用', rowOf('finance'))).toBeEnabled();
    expect(getButton('启用', rowOf('former'))).toBeEnabled();
    // Resetting one's own password is 修改密码; a non-owner cannot reset the owner's.
    expect(within(rowOf('manager')).queryByText('重置密码')).toBeNull();
    expect(within(rowOf('demo')).queryByText('重置密码')).toBeNull();
    expect(getButton('重置密码', rowOf('finance'))).toBeEnabled();
  });

  it('disables an admin after confirmation', async () => {
    let changed: TApiCall | undefined;
    api = mockAdmins({
      'PUT /api/admin/user/:id/status': (call) => {
        changed = call;
        return ok(null);
      },
    });
    renderScreen(AdminManagePage, { path: PATH });
    await screen.findByText('finance');

    await user.click(getButton('停用', rowOf('finance')));
    const popover = (await screen.findByText('确定停用“王财”吗？停用后其登录将立即失效。')).closest('.ant-popover');
    await user.click(getButton('停用', popover as HTMLElement));

    await waitFor(() => expect(changed).toBeDefined());
    expect(changed).toMatchObject({ url: '/api/admin/user/3/status', body: { status: 'disabled' } });
    expect(await screen.findByText('已停用“王财”')).toBeInTheDocument();
  });

  it('checks the new password against the rule before resetting it', async () => {
    let reset: TApiCall | undefined;
    api = mockAdmins({
      'PUT /api/admin/user/:id/password': (call) => {
        reset = call;
        return ok(null);
      },
    });
    renderScreen(AdminManagePage, { path: PATH });
    await screen.findByText('finance');

    await user.click(getButton('重置密码', rowOf('finance')));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('请输入新密码'), 'abcdefgh');
    await user.type(within(dialog).getByPlaceholderText('请再次输入新密码'), 'abcdefgh');
    await user.click(getButton('确认重置', dialog));
    expect(
      await within(dialog).findByText('密码至少 8 位，且须同时包含字母和数字', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    expect(reset).toBeUndefined();

    await user.clear(within(dialog).getByPlaceholderText('请输入新密码'));
    await user.type(within(dialog).getByPlaceholderText('请输入新密码'), 'abcd1234');
    await user.clear(within(dialog).getByPlaceholderText('请再次输入新密码'));
    await user.type(within(dialog).getByPlaceholderText('请再次输入新密码'), 'abcd1234');
    await user.click(getButton('确认重置', dialog));
    await waitFor(() => expect(reset).toBeDefined());
    expect(reset).toMatchObject({ url: '/api/admin/user/3/password', body: { password: 'abcd1234' } });
  });

  it('opens the edit page of a row and the add page', async () => {
    api = mockAdmins();
    const { router } = renderScreen(AdminManagePage, {
      path: PATH,
      otherPaths: ['/systemSetting/editUser', '/systemSetting/addUser'],
    });
    await screen.findByText('finance');

    await user.click(getButton('编辑', rowOf('finance')));
    expect(await screen.findByText('当前页面：/systemSetting/editUser?id=3')).toBeInTheDocument();
    await router.navigate(PATH);
    await user.click(await screen.findByText('添加管理员'));
    expect(await screen.findByText('当前页面：/systemSetting/addUser')).toBeInTheDocument();
  });

  it('shows neither the add button nor the actions without the system:admin element', async () => {
    useSession.setState({ elements: {} });
    api = mockAdmins();
    renderScreen(AdminManagePage, { path: PATH });
    await screen.findByText('finance');
    expect(screen.queryByText('添加管理员')).toBeNull();
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull();
  });
});
