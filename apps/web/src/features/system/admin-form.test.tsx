import type { TAdminRow } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as AddUserPage } from './routes/add-user-page.tsx';
import { Component as EditUserPage } from './routes/edit-user-page.tsx';

const LIST_PATH = '/systemSetting/adminManage';
const ROLE_OPTIONS = [
  { id: 1, name: '企业管理员' },
  { id: 2, name: '财务' },
];

const FINANCE: TAdminRow = {
  id: 3,
  username: 'finance',
  name: '王财',
  mobile: '13800000003',
  email: 'finance@example.com',
  description: '',
  status: 'enabled',
  isOwner: false,
  verifyMethod: 'password',
  roles: [{ id: 2, name: '财务' }],
  lastLoginAt: null,
  lastLoginIp: null,
  createdAt: '2024-05-01T02:00:00.000Z',
};

/** The form item (label, control and messages) of a field, by its label. */
function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'system:admin': true }, userName: 'demo' });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

async function pickRole(name: string) {
  await user.click(within(formItem('角色')).getByRole('combobox'));
  await user.click(await screen.findByText(name, { selector: '.ant-select-item-option-content' }));
}

async function fillAddForm({ withRole = true } = {}) {
  await user.type(screen.getByPlaceholderText('请输入用户名'), 'zhang_san');
  await user.type(screen.getByPlaceholderText('请输入初始密码'), 'abcd1234');
  await user.type(screen.getByPlaceholderText('请输入姓名'), '张三');
  await user.type(screen.getByPlaceholderText('请输入手机号'), '13900000001');
  if (withRole) await pickRole('财务');
}

/** An edit page on the admin FINANCE as the server answers it: the mobile masked. */
function renderEditOfMasked(onUpdate: (call: TApiCall) => void) {
  api = mockApi({
    'GET /api/admin/role/options': () => ok(ROLE_OPTIONS),
    'GET /api/admin/user/:id': () => ok({ ...FINANCE, mobile: '138****0003' }),
    'PUT /api/admin/user/:id': (call) => {
      onUpdate(call);
      return ok({ ...FINANCE, mobile: '138****0003' });
    },
  });
  renderScreen(EditUserPage, {
    path: '/systemSetting/editUser',
    initialEntry: '/systemSetting/editUser?id=3',
    otherPaths: [LIST_PATH],
  });
}

describe('添加管理员', () => {
  it('maps a 40000 field error of the server onto the username field', async () => {
    let created: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/role/options': () => ok(ROLE_OPTIONS),
      'POST /api/admin/user': (call) => {
        created = call;
        return fail(400, 40000, '用户名已被使用', { errors: [{ path: 'username', message: '用户名已被使用' }] });
      },
    });
    renderScreen(AddUserPage, { path: '/systemSetting/addUser', otherPaths: [LIST_PATH] });
    await fillAddForm();
    await user.click(getButton('保存'));

    await waitFor(() => expect(within(formItem('用户名')).getByText('用户名已被使用')).toBeInTheDocument());
    expect(formItem('用户名')).toHaveClass('ant-form-item-has-error');
    expect(formItem('姓名')).not.toHaveClass('ant-form-item-has-error');
    expect(created?.body).toEqual({
      username: 'zhang_san',
      password: 'abcd1234',
      status: 'enabled',
      name: '张三',
      mobile: '13900000001',
      email: '',
      description: '',
      roleIds: [2],
    });
    expect(screen.queryByText(`当前页面：${LIST_PATH}`)).toBeNull();
    expect(getButton('保存')).toBeEnabled();
  });

  it('checks the fields with the contract rules before sending', async () => {
    api = mockApi({ 'GET /api/admin/role/options': () => ok(ROLE_OPTIONS) });
    renderScreen(AddUserPage, { path: '/systemSetting/addUser' });
    await user.type(screen.getByPlaceholderText('请输入用户名'), 'ab');
    await user.type(screen.getByPlaceholderText('请输入初始密码'), '12345678');
    await user.type(screen.getByPlaceholderText('请输入手机号'), '12345');
    await user.type(screen.getByPlaceholderText('请输入邮箱（选填）'), 'not-an-email');
    await user.click(getButton('保存'));

    expect(await within(formItem('用户名')).findByText('用户名为 4-32 位字母、数字或 _ . -')).toBeInTheDocument();
    expect(
      within(formItem('初始密码')).getByText('密码至少 8 位，且须同时包含字母和数字', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    expect(await within(formItem('姓名')).findByText('请输入姓名')).toBeInTheDocument();
    expect(await within(formItem('手机号')).findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(await within(formItem('邮箱')).findByText('请输入正确的邮箱')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('requires at least one role before sending', async () => {
    api = mockApi({ 'GET /api/admin/role/options': () => ok(ROLE_OPTIONS) });
    renderScreen(AddUserPage, { path: '/systemSetting/addUser' });
    await fillAddForm({ withRole: false });
    await user.click(getButton('保存'));

    expect(await within(formItem('角色')).findByText('请至少选择一个角色')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends once and goes back to the list after success', async () => {
    let resolveCreate: () => void = () => {};
    api = mockApi({
      'GET /api/admin/role/options': () => ok(ROLE_OPTIONS),
      'POST /api/admin/user': () =>
        new Promise((resolve) => {
          resolveCreate = () => resolve(ok({ ...FINANCE, id: 9, username: 'zhang_san' }));
        }),
    });
    renderScreen(AddUserPage, { path: '/systemSetting/addUser', otherPaths: [LIST_PATH] });
    await fillAddForm();
    await user.click(getButton('保存'));
    await waitFor(() => expect(getButton('保存')).toHaveClass('ant-btn-loading'));
    await user.click(getButton('保存'));
    resolveCreate();

    expect(await screen.findByText(`当前页面：${LIST_PATH}`)).toBeInTheDocument();
    expect(await screen.findByText('管理员已添加')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('stores the 备注 trimmed when it loses focus (issue 24, point 18)', async () => {
    let created: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/role/options': () => ok(ROLE_OPTIONS),
      'POST /api/admin/user': (call) => {
        created = call;
        return ok({ ...FINANCE, id: 9, username: 'zhang_san' });
      },
    });
    renderScreen(AddUserPage, { path: '/systemSetting/addUser', otherPaths: [LIST_PATH] });
    await fillAddForm();
    const remark = screen.getByPlaceholderText('请输入备注（选填）');
    await user.click(remark);
    await user.paste('  第一行\n第二行  ');
    await user.tab();
    expect(remark).toHaveValue('第一行\n第二行');
    await user.click(getButton('保存'));
    await waitFor(() => expect(created).toBeDefined());
    expect(created?.body).toMatchObject({ description: '第一行\n第二行' });
  });
});

describe('编辑管理员', () => {
  it('loads the admin of ?id= and saves the editable fields', async () => {
    let updated: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/role/options': () => ok(ROLE_OPTIONS),
      'GET /api/admin/user/:id': () => ok(FINANCE),
      'PUT /api/admin/user/:id': (call) => {
        updated = call;
        return ok(FINANCE);
      },
    });
    renderScreen(EditUserPage, {
      path: '/systemSetting/editUser',
      initialEntry: '/systemSetting/editUser?id=3',
      otherPaths: [LIST_PATH],
    });

    expect(await screen.findByDisplayValue('王财')).toBeInTheDocument();
    expect(screen.getByText('finance')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('请输入初始密码')).toBeNull();
    await user.clear(screen.getByPlaceholderText('请输入姓名'));
    await user.type(screen.getByPlaceholderText('请输入姓名'), ' 王财务 ');
    await user.click(getButton('保存'));

    await waitFor(() => expect(updated).toBeDefined());
    expect(updated).toMatchObject({ url: '/api/admin/user/3' });
    expect(updated?.body).toEqual({
      name: '王财务',
      mobile: '13800000003',
      email: 'finance@example.com',
      description: '',
      roleIds: [2],
    });
    expect(await screen.findByText(`当前页面：${LIST_PATH}`)).toBeInTheDocument();
  });

  it('shows the mobile masked and sends it back unchanged when not retyped', async () => {
    let updated: TApiCall | undefined;
    renderEditOfMasked((call) => (updated = call));
    expect(await screen.findByDisplayValue('138****0003')).toBeInTheDocument();
    expect(within(formItem('手机号')).getByText(/不修改请保留原样/)).toBeInTheDocument();
    await user.click(getButton('保存'));

    await waitFor(() => expect(updated).toBeDefined());
    expect(updated?.body).toMatchObject({ mobile: '138****0003', roleIds: [2] });
  });

  it('refuses another masked mobile and sends a retyped full number', async () => {
    let updated: TApiCall | undefined;
    renderEditOfMasked((call) => (updated = call));
    const mobile = await screen.findByDisplayValue('138****0003');
    await user.clear(mobile);
    await user.type(mobile, '139****0003');
    await user.click(getButton('保存'));
    expect(await within(formItem('手机号')).findByText('请输入完整的 11 位新手机号')).toBeInTheDocument();
    expect(updated).toBeUndefined();

    await user.clear(mobile);
    await user.type(mobile, '13912345678');
    await user.click(getButton('保存'));
    await waitFor(() => expect(updated).toBeDefined());
    expect(updated?.body).toMatchObject({ mobile: '13912345678' });
  });

  it('says so when the id is missing', async () => {
    api = mockApi({});
    renderScreen(EditUserPage, { path: '/systemSetting/editUser' });
    expect(await screen.findByText('缺少管理员编号')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
