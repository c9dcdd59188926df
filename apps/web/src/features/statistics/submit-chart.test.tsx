import type { TSubmitStats } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { chinaToday } from '../../lib/format-date-time.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as SubmitChartPage } from './routes/submit-chart-page.tsx';

const PATH = '/statisticalCenter/submitChart';
const S = '/api/statisticalCenter/submitStatistics';

const DATA: TSubmitStats = {
  periods: ['2026-11-27', '2026-11-28'],
  rows: [
    {
      period: '2026-11-27',
      kind: 'payroll',
      status: 'to_pay',
      statusLabel: '待支付',
      serviceCompanyId: 1,
      serviceCompanyName: '海南灵工服务有限公司',
      count: 2,
      amountFen: 480_000,
    },
    {
      period: '2026-11-28',
      kind: 'invoice',
      status: 'pending',
      statusLabel: '待审核',
      serviceCompanyId: 2,
      serviceCompanyName: '江苏智薪人力资源有限公司',
      count: 1,
      amountFen: 100_000,
    },
    {
      period: '2026-11-28',
      kind: 'topup',
      status: 'confirmed',
      statusLabel: '已到账',
      serviceCompanyId: 1,
      serviceCompanyName: '海南灵工服务有限公司',
      count: 3,
      amountFen: 9_000_000,
    },
  ],
};

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ companyId: 1, token: 't', elements: { 'stats:view': true, 'stats:export': true } });
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

function mock(calls: TApiCall[]) {
  return mockApi({
    [`GET ${S}`]: (call) => {
      calls.push(call);
      return ok(DATA);
    },
    [`POST ${S}/export`]: (call) => {
      calls.push(call);
      return ok({ id: 'e1', type: 'submitStatistics', status: 'queued' });
    },
    'GET /api/companystaff/individualBusiness/getOcompanyIds': () =>
      ok([
        { id: 1, name: '海南灵工服务有限公司' },
        { id: 2, name: '江苏智薪人力资源有限公司' },
      ]),
  });
}

describe('提交统计', () => {
  it('asks for the last 30 days by day, shows each kind’s total, the chart and its table, and exports', async () => {
    const calls: TApiCall[] = [];
    api = mock(calls);
    renderScreen(SubmitChartPage, { path: PATH });
    expect(await screen.findByRole('img', { name: /提交笔数图表/ })).toBeInTheDocument();
    const today = chinaToday();
    expect(calls[0]?.params).toEqual({
      granularity: 'day',
      from: today.subtract(29, 'day').format('YYYY-MM-DD'),
      to: today.format('YYYY-MM-DD'),
    });
    expect(within(screen.getByTestId('submit-total-payroll')).getByText('2 笔')).toBeInTheDocument();
    expect(within(screen.getByTestId('submit-total-topup')).getByText('¥90,000.00')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('待审核')).toBeInTheDocument();
    expect(within(table).getByText('江苏智薪人力资源有限公司')).toBeInTheDocument();
    expect(within(table).getByText('¥4,800.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '导出提交统计' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(calls[0]?.params);
    expect(await screen.findByText(/导出任务已创建/)).toBeInTheDocument();
  }, 60_000);

  it('by month asks for the last 12 whole months, to today', async () => {
    const calls: TApiCall[] = [];
    api = mock(calls);
    renderScreen(SubmitChartPage, { path: PATH });
    await screen.findByRole('img', { name: /提交笔数图表/ });
    await user.click(screen.getByRole('radio', { name: '按月' }));
    const today = chinaToday();
    // The month's request, wherever it falls among the calls (a refetch of the day's may follow
    // it on a loaded machine).
    const monthly = () =>
      calls.find((c) => (c.params as { granularity?: string } | undefined)?.granularity === 'month');
    await waitFor(() => expect(monthly()).toBeDefined(), { timeout: 15_000 });
    expect(monthly()?.params).toEqual({
      granularity: 'month',
      from: today.subtract(11, 'month').startOf('month').format('YYYY-MM-DD'),
      to: today.format('YYYY-MM-DD'),
    });
  }, 60_000);

  it('hides the export from an admin without stats:export', async () => {
    useSession.setState({ elements: { 'stats:view': true } });
    api = mock([]);
    renderScreen(SubmitChartPage, { path: PATH });
    await screen.findByRole('img', { name: /提交笔数图表/ });
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
  });
});
