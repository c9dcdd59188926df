import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ListMoneyPage } from './routes/list-money-page.tsx';
import { BALANCES, entry, logRow, topup } from './test-data.ts';

const PATH = '/moneyManagement/listMoney';
const OTHER_PATHS = ['/moneyManagement/addMoney', '/moneyManagement/moneyDetail', '/moneyManagement/accountManagement'];
const ALL = { 'money:view': true, 'money:topup': true, 'money:account': true, 'money:log': true };

const TOPUPS = [
  topup({ id: 3, status: 'rejected', rejectReason: '凭证金额与申请不符', decidedAt: '2024-11-03T02:00:00.000Z' }),
  topup({ id: 2, status: 'pending', decidedAt: null, transferId: null, amountFen: 20_000_000 }),
  topup({ id: 1 }),
];

function mockMoney(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/ecompanyFdIssue/getBalance': () => ok(BALANCES),
    'GET /api/companystaff/ecompanyFdIssue/entries': () =>
      ok({ total: 2, rows: [entry({ id: 2, type: 'fee', amountFen: -1_250, memo: '服务费 #2' }), entry()] }),
    'GET /api/companystaff/ecompanyRecharge/page': () => ok({ total: TOPUPS.length, rows: TOPUPS }),
    'GET /api/companystaff/ecompanyOperationLog/page': () =>
      ok({
        total: 2,
        rows: [logRow(), logRow({ id: 2, result: 'failure', actionLabel: '登录', message: '密码错误' })],
      }),
    'GET /api/companystaff/ecompanyOperationLog/admins': () => ok([{ id: 1, name: '林晓' }]),
    ...extra,
  });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row ${text}`);
  return row;
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ elements: ALL });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('资金账户', () => {
  it('shows a balance card per service company and the last 10 entries', async () => {
    api = mockMoney();
    renderScreen(ListMoneyPage, { path: PATH });

    const cards = await screen.findAllByTestId('balance-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('海南灵工服务有限公司')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('¥500,000.00')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('¥123.45')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getAllByText('¥0.00')).toHaveLength(2);

    expect(await screen.findByText('+¥500,000.00')).toBeInTheDocument();
    expect(within(rowOf('服务费 #2')).getByText('−¥12.50')).toBeInTheDocument();
    const entriesCall = api.calls.find((c) => c.url.endsWith('/entries'));
    expect(entriesCall?.params).toEqual({ page: 1, limit: 10 });
    const all = screen.getByRole('link', { name: '查看全部' });
    expect(all).toHaveAttribute('href', '/moneyManagement/moneyDetail');
    // A tab list holds tabs only: the link is in the tab's panel.
    expect(all.closest('[role="tablist"]')).toBeNull();
    expect(all.closest('[role="tabpanel"]')).not.toBeNull();
  });

  it('leads to 充值, 资金明细 and 付款账户', async () => {
    api = mockMoney();
    const { router } = renderScreen(ListMoneyPage, { path: PATH, otherPaths: OTHER_PATHS });
    await screen.findAllByTestId('balance-card');
    await user.click(getButton('充值'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/moneyManagement/addMoney'));
  });

  it('hides the buttons and the 操作日志 tab the admin lacks', async () => {
    useSession.setState({ elements: { 'money:view': true } });
    api = mockMoney();
    renderScreen(ListMoneyPage, { path: PATH, initialEntry: `${PATH}?tab=log` });
    await screen.findAllByTestId('balance-card');

    expect(screen.queryByText('充值', { selector: 'button span' })).toBeNull();
    expect(screen.queryByText('付款账户', { selector: 'button span' })).toBeNull();
    expect(getButton('资金明细')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '操作日志' })).toBeNull();
    // ?tab=log without the element falls back to 最近明细, and the log is never asked for.
    expect(screen.getByRole('tab', { name: '最近明细', selected: true })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('OperationLog'))).toBe(false);
  });

  it('shows the failure with a retry when the balances cannot load', async () => {
    let fails = true;
    api = mockMoney({
      'GET /api/companystaff/ecompanyFdIssue/getBalance': () =>
        fails ? fail(500, 50000, '系统繁忙，请稍后再试！') : ok(BALANCES),
    });
    renderScreen(ListMoneyPage, { path: PATH });
    const retry = getButton('重新加载', await screen.findByText('数据加载失败').then(() => document.body));
    fails = false;
    await user.click(retry);
    expect(await screen.findAllByTestId('balance-card')).toHaveLength(2);
  });

  it('lists top-ups with their status and reject reason, filtering through the URL on its tab', async () => {
    api = mockMoney();
    const { router } = renderScreen(ListMoneyPage, { path: PATH, initialEntry: `${PATH}?tab=topups` });

    expect(await screen.findByText('驳回原因：凭证金额与申请不符')).toBeInTheDocument();
    expect(screen.getByText('待确认')).toBeInTheDocument();
    expect(screen.getByText('已到账')).toBeInTheDocument();
    expect(screen.getByText('已驳回')).toBeInTheDocument();
    expect(screen.getAllByText('**** **** 0201').length).toBe(3);
    const first = api.calls.find((c) => c.url.endsWith('/ecompanyRecharge/page'));
    expect(first?.params).toEqual({ page: 1, limit: 10 });

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByText('待确认', { selector: '.ant-select-item-option-content' }));
    await user.click(getButton('查询'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=topups&status=pending'));
    await waitFor(() =>
      expect(api?.calls.filter((c) => c.url.endsWith('/ecompanyRecharge/page')).at(-1)?.params).toEqual({
        status: 'pending',
        page: 1,
        limit: 10,
      }),
    );

    await user.click(getButton('重置'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=topups'));
    expect(screen.getByRole('tab', { name: '充值记录', selected: true })).toBeInTheDocument();
  });

  it('switches tabs through the URL', async () => {
    api = mockMoney();
    const { router } = renderScreen(ListMoneyPage, { path: PATH });
    await screen.findByText('+¥500,000.00');
    await user.click(screen.getByRole('tab', { name: '操作日志' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=log'));
    expect(await screen.findByText('提交充值')).toBeInTheDocument();
  });

  it('lists the operation log with admins to filter by and the result of each action', async () => {
    api = mockMoney();
    const { router } = renderScreen(ListMoneyPage, { path: PATH, initialEntry: `${PATH}?tab=log` });

    expect(await screen.findByText('提交充值')).toBeInTheDocument();
    expect(within(rowOf('提交充值')).getByText('成功')).toBeInTheDocument();
    expect(within(rowOf('密码错误')).getByText('失败')).toBeInTheDocument();
    expect(within(rowOf('提交充值')).getByText('10.0.0.8')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: '管理员' }));
    await user.click(await screen.findByText('林晓', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('combobox', { name: '操作' }));
    await user.click(await screen.findByText('登录', { selector: '.ant-select-item-option-content' }));
    await user.click(getButton('查询'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=log&adminId=1&action=auth.login'));
    await waitFor(() =>
      expect(api?.calls.filter((c) => c.url.endsWith('/ecompanyOperationLog/page')).at(-1)?.params).toEqual({
        adminId: 1,
        action: 'auth.login',
        page: 1,
        limit: 10,
      }),
    );
  });

  it('shows the list failure with a retry when the log cannot load', async () => {
    api = mockMoney({
      'GET /api/companystaff/ecompanyOperationLog/page': () => fail(403, 40301, '当前用户无相关操作权限！'),
    });
    renderScreen(ListMoneyPage, { path: PATH, initialEntry: `${PATH}?tab=log` });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('加载失败：当前用户无相关操作权限！')).toBeInTheDocument();
  });
});
