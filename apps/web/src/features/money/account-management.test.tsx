import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as AccountManagementPage } from './routes/account-management-page.tsx';
import { Component as AddAccountPage } from './routes/add-account-page.tsx';
import { COMPANY_NAME, paymentAccount } from './test-data.ts';

const LIST_PATH = '/moneyManagement/accountManagement';
const ADD_PATH = '/moneyManagement/addAccount';

const ACCOUNTS = [
  paymentAccount(),
  paymentAccount({ id: 2, bank: '中国建设银行', accountNo: '31050161373600001234', branch: '', isDefault: false }),
];

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
}

function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

function mockAccounts(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/companystaff/ecompanyPayAccount/list': () => ok(ACCOUNTS), ...extra });
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: { 'money:view': true, 'money:account': true }, companyName: COMPANY_NAME });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('付款账户', () => {
  it('lists the accounts with their numbers masked but the last 4 and the default tagged', async () => {
    api = mockAccounts();
    renderScreen(AccountManagementPage, { path: LIST_PATH });
    expect(await screen.findByText('**** **** 0201')).toBeInTheDocument();
    expect(screen.queryByText('121908765410201')).toBeNull();
    expect(within(rowOf('招商银行')).getByText('默认')).toBeInTheDocument();
    expect(within(rowOf('招商银行')).queryByText('设为默认')).toBeNull();
    expect(within(rowOf('中国建设银行')).getByText('设为默认')).toBeInTheDocument();
  });

  it('sets another account as the default', async () => {
    let call: TApiCall | undefined;
    api = mockAccounts({
      'PUT /api/companystaff/ecompanyPayAccount/:id/default': (c) => {
        call = c;
        return ok(ACCOUNTS[1]);
      },
    });
    renderScreen(AccountManagementPage, { path: LIST_PATH });
    await screen.findByText('中国建设银行');
    await user.click(getButton('设为默认', rowOf('中国建设银行')));
    await waitFor(() => expect(call?.url).toBe('/api/companystaff/ecompanyPayAccount/2/default'));
    expect(await screen.findByText('已将 中国建设银行（1234）设为默认付款账户')).toBeInTheDocument();
  });

  it('deletes an account after confirmation, and says nothing when the server refuses', async () => {
    let answer = fail(404, 40400, '付款账户不存在');
    api = mockAccounts({ 'DELETE /api/companystaff/ecompanyPayAccount/:id': () => answer });
    renderScreen(AccountManagementPage, { path: LIST_PATH });
    await screen.findByText('中国建设银行');

    const confirmDelete = async () => {
      await user.click(getButton('删除', rowOf('中国建设银行')));
      const popover = (await screen.findByText(/确定删除付款账户“中国建设银行/)).closest('.ant-popover') as HTMLElement;
      await user.click(getButton('删除', popover));
    };
    await confirmDelete();
    await waitFor(() => expect(api?.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(screen.queryByText('付款账户已删除')).toBeNull();

    answer = ok(null);
    await confirmDelete();
    expect(await screen.findByText('付款账户已删除')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').at(-1)?.url).toBe('/api/companystaff/ecompanyPayAccount/2');
  });

  it('shows no actions to an admin without money:account', async () => {
    useSession.setState({ elements: { 'money:view': true } });
    api = mockAccounts();
    renderScreen(AccountManagementPage, { path: LIST_PATH });
    await screen.findByText('中国建设银行');
    expect(screen.queryByText('添加付款账户')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('says so with a retry when the list cannot load', async () => {
    api = mockAccounts({
      'GET /api/companystaff/ecompanyPayAccount/list': () => fail(500, 50000, '系统繁忙，请稍后再试！'),
    });
    renderScreen(AccountManagementPage, { path: LIST_PATH });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
  });
});

describe('添加付款账户', () => {
  it('prefills the company name, sends the body and goes back to the list', async () => {
    let created: TApiCall | undefined;
    api = mockAccounts({
      'POST /api/companystaff/ecompanyPayAccount': (call) => {
        created = call;
        return ok(paymentAccount({ id: 3 }));
      },
    });
    const { router } = renderScreen(AddAccountPage, { path: ADD_PATH, otherPaths: [LIST_PATH] });
    expect(await screen.findByDisplayValue(COMPANY_NAME)).toBeInTheDocument();

    await user.click(within(formItem('开户银行')).getByRole('combobox'));
    await user.click(await screen.findByText('中国工商银行', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByPlaceholderText('请输入银行账号'), '6222 0212 3456 7890');
    await user.type(screen.getByPlaceholderText('请输入开户支行（选填）'), '杭州西湖支行');
    await user.click(within(formItem('设为默认')).getByRole('switch'));
    await user.click(getButton('保存'));

    await waitFor(() => expect(created).toBeDefined());
    expect(created?.body).toEqual({
      bank: '中国工商银行',
      accountName: COMPANY_NAME,
      accountNo: '6222021234567890',
      branch: '杭州西湖支行',
      isDefault: true,
    });
    expect(await screen.findByText('付款账户已添加')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
  });

  it('checks the number and shows the server’s account name error under the field', async () => {
    api = mockAccounts({
      'POST /api/companystaff/ecompanyPayAccount': () =>
        fail(400, 40000, '请求参数不正确', {
          errors: [{ path: 'accountName', message: `账户名称必须与企业名称「${COMPANY_NAME}」一致` }],
        }),
    });
    renderScreen(AddAccountPage, { path: ADD_PATH, otherPaths: [LIST_PATH] });
    await screen.findByDisplayValue(COMPANY_NAME);
    await user.click(within(formItem('开户银行')).getByRole('combobox'));
    await user.click(await screen.findByText('招商银行', { selector: '.ant-select-item-option-content' }));
    const number = screen.getByPlaceholderText('请输入银行账号');
    await user.type(number, '1234');
    await user.click(getButton('保存'));
    expect(await screen.findByText('银行账号应为 8 到 30 位数字')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(number, '56789');
    const name = screen.getByDisplayValue(COMPANY_NAME);
    await user.clear(name);
    await user.type(name, '星河科技');
    await user.click(getButton('保存'));
    expect(
      await within(formItem('账户名称')).findByText(`账户名称必须与企业名称「${COMPANY_NAME}」一致`),
    ).toBeInTheDocument();
    expect(screen.queryByText('付款账户已添加')).toBeNull();
  });

  it('edits an account from ?id= with PUT', async () => {
    let updated: TApiCall | undefined;
    api = mockAccounts({
      'PUT /api/companystaff/ecompanyPayAccount/:id': (call) => {
        updated = call;
        return ok(ACCOUNTS[1]);
      },
    });
    renderScreen(AddAccountPage, { path: ADD_PATH, initialEntry: `${ADD_PATH}?id=2`, otherPaths: [LIST_PATH] });
    expect(await screen.findByDisplayValue('31050161373600001234')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入开户支行（选填）'), '上海浦东分行');
    await user.click(getButton('保存'));
    await waitFor(() => expect(updated?.url).toBe('/api/companystaff/ecompanyPayAccount/2'));
    expect(updated?.body).toMatchObject({ bank: '中国建设银行', branch: '上海浦东分行', isDefault: false });
    expect(await screen.findByText('付款账户已保存')).toBeInTheDocument();
  });

  it('says when the account to edit is gone', async () => {
    api = mockAccounts();
    renderScreen(AddAccountPage, { path: ADD_PATH, initialEntry: `${ADD_PATH}?id=99` });
    expect(await screen.findByText('付款账户不存在')).toBeInTheDocument();
  });
});
