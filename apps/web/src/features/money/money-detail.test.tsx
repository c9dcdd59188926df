import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as MoneyDetailPage } from './routes/money-detail-page.tsx';
import { entry } from './test-data.ts';

const PATH = '/moneyManagement/moneyDetail';

const ROWS = [
  entry({ id: 3, type: 'freeze', account: 'frozen', amountFen: 30_000, balanceAfterFen: 30_000, memo: '发放冻结' }),
  entry({ id: 2, type: 'freeze', amountFen: -30_000, balanceAfterFen: 49_970_000, memo: '发放冻结 A' }),
  entry({ id: 1 }),
];

function mockEntries(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/companystaff/ecompanyFdIssue/entries': () => ok({ total: 23, rows: ROWS }),
    'GET /api/companystaff/individualBusiness/getOcompanyIds': () =>
      ok([
        { id: 1, name: '海南灵工服务有限公司' },
        { id: 2, name: '江苏智薪人力资源有限公司' },
      ]),
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
  useSession.setState({ elements: { 'money:view': true } });
});

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('资金明细', () => {
  it('keeps types and service companies on one line (issue 38: no wrapping at 1366 px)', async () => {
    api = mockEntries({
      'GET /api/companystaff/ecompanyFdIssue/entries': () =>
        ok({ total: 1, rows: [{ ...ROWS[0], serviceCompanyName: '江苏智薪人力资源有限公司' }] }),
    });
    renderScreen(MoneyDetailPage, { path: PATH });
    const type = await screen.findByText('冻结（冻结金额）');
    expect(type.closest('td')).toHaveStyle({ whiteSpace: 'nowrap' });
    const company = screen.getByText('江苏智薪人力资源有限公司').closest('td');
    // antd's one-line cell: an ellipsis, the full name in its title.
    expect(company).toHaveClass('ant-table-cell-ellipsis');
    expect(screen.getByTitle('江苏智薪人力资源有限公司')).toBeInTheDocument();
  });

  it('lists entries with signed amounts, balances after, type and reference', async () => {
    api = mockEntries();
    renderScreen(MoneyDetailPage, { path: PATH });
    await screen.findByText('发放冻结 A');
    const out = rowOf('发放冻结 A');
    expect(within(out).getByText('−¥300.00')).toBeInTheDocument();
    expect(within(out).getByText('¥499,700.00')).toBeInTheDocument();
    expect(within(out).getByText('冻结')).toBeInTheDocument();
    expect(within(rowOf('发放冻结')).getByText('冻结（冻结金额）')).toBeInTheDocument();
    expect(within(rowOf('充值 #1')).getByText('+¥500,000.00')).toBeInTheDocument();
    expect(within(rowOf('充值 #1')).getByText('充值单 #1')).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
  });

  it('shows the available and the frozen balance in columns of their own (issue 24, point 12)', async () => {
    api = mockEntries();
    renderScreen(MoneyDetailPage, { path: PATH });
    await screen.findByText('发放冻结 A');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['可用余额', '冻结余额']));
    expect(headers).not.toContain('余额');
    const column = (name: string) => headers.indexOf(name);
    const cells = (text: string) =>
      within(rowOf(text))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The freeze's two entries: the available balance after it, then the frozen one, each in its column.
    expect(cells('发放冻结 A')[column('可用余额')]).toBe('¥499,700.00');
    expect(cells('发放冻结 A')[column('冻结余额')]).toBe('—');
    expect(cells('发放冻结')[column('可用余额')]).toBe('—');
    expect(cells('发放冻结')[column('冻结余额')]).toBe('¥300.00');
  });

  it('filters by type and service company through the URL', async () => {
    api = mockEntries();
    const { router } = renderScreen(MoneyDetailPage, {
      path: PATH,
      initialEntry: `${PATH}?from=2024-11-01&to=2024-11-30`,
    });
    await screen.findByText('发放冻结 A');
    expect(api.calls[0]?.params).toEqual({ from: '2024-11-01', to: '2024-11-30', page: 1, limit: 10 });

    await user.click(screen.getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByText('充值', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('combobox', { name: '服务商' }));
    await user.click(
      await screen.findByText('江苏智薪人力资源有限公司', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(getButton('查询'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2024-11-01&to=2024-11-30&type=topup&serviceCompanyId=2'),
    );
    await waitFor(() =>
      expect(api?.calls.filter((c) => c.url.endsWith('/entries')).at(-1)?.params).toEqual({
        from: '2024-11-01',
        to: '2024-11-30',
        type: 'topup',
        serviceCompanyId: 2,
        page: 1,
        limit: 10,
      }),
    );
  });

  it('exports with the filters and points to the download centre', async () => {
    let exported: TApiCall | undefined;
    api = mockEntries({
      'POST /api/companystaff/ecompanyFdIssue/entries/export': (call) => {
        exported = call;
        return ok({ id: 5, type: 'ledgerEntries', status: 'queued' });
      },
      'GET /api/admin/export/page': () => ok({ total: 0, rows: [] }),
    });
    renderScreen(MoneyDetailPage, { path: PATH, initialEntry: `${PATH}?type=topup&page=2` });
    await screen.findByText('发放冻结 A');
    await user.click(getButton('导出'));
    await waitFor(() => expect(exported).toBeDefined());
    expect(exported?.body).toEqual({ type: 'topup' });
    expect(await screen.findByText(/导出任务已创建/)).toBeInTheDocument();
    expect(screen.getByText('下载中心')).toBeInTheDocument();
  });

  it('shows no success when the export is refused', async () => {
    api = mockEntries({
      'POST /api/companystaff/ecompanyFdIssue/entries/export': () => fail(403, 40301, '当前用户无相关操作权限！'),
    });
    renderScreen(MoneyDetailPage, { path: PATH });
    await screen.findByText('发放冻结 A');
    await user.click(getButton('导出'));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText('当前用户无相关操作权限！')).toBeInTheDocument();
    expect(screen.queryByText(/导出任务已创建/)).toBeNull();
  });

  it('hides 导出 without money:view and shows the failure with a retry', async () => {
    useSession.setState({ elements: {} });
    api = mockEntries({
      'GET /api/companystaff/ecompanyFdIssue/entries': () => fail(500, 50000, '系统繁忙，请稍后再试！'),
    });
    renderScreen(MoneyDetailPage, { path: PATH });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.queryByText('导出')).toBeNull();
  });
});
