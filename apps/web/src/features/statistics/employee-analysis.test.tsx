import type { TEmployeeAnalysis } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { useAnalysisCache } from './api/analysis-cache.ts';
import { Component as AnalysisPage } from './routes/employee-analysis-page.tsx';

const PATH = '/statisticalCenter/employeeAnalysis';
const A = '/api/statisticalCenter/employeeAnalysis';

const DATA: TEmployeeAnalysis = {
  total: 120,
  newThisMonth: 4,
  paidThisMonth: 9,
  gender: [
    { key: 'male', label: '男', count: 70 },
    { key: 'female', label: '女', count: 50 },
  ],
  ageBand: [{ key: 'u25', label: '25 岁以下', count: 120 }],
  province: [{ key: '广东省', label: '广东省', count: 120 }],
  jobType: [{ key: '1', label: '数据标注', count: 120 }],
  department: [{ key: '2', label: '技术部', count: 120 }],
  monthly: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    amountFen: i * 100_000,
    workers: i,
  })),
};

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

beforeEach(() => {
  useSession.setState({ companyId: 1, token: 't', elements: { 'stats:view': true, 'stats:export': true } });
  useAnalysisCache.getState().clear();
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

function mock(onExport?: (call: TApiCall) => void) {
  return mockApi({
    [`GET ${A}`]: () => ok(DATA),
    [`POST ${A}/export`]: (call) => {
      onExport?.(call);
      return ok({ id: 'e1', type: 'employeeAnalysis', status: 'queued' });
    },
    [`GET ${A}/options`]: () =>
      ok({ departments: [{ id: 2, name: '技术部', parentId: null }], jobTypes: [{ id: 1, name: '数据标注' }] }),
  });
}

describe('员工分析', () => {
  it('shows the figures, each chart with its table, and exports a table to the download centre', async () => {
    let exported: TApiCall | undefined;
    api = mock((c) => (exported = c));
    renderScreen(AnalysisPage, { path: PATH });
    expect(await screen.findByText('120', { selector: '.ant-statistic-content-value-int' })).toBeInTheDocument();
    const gender = screen.getByTestId('analysis-gender');
    expect(within(gender).getByRole('img', { name: /性别分布图表/ })).toBeInTheDocument();
    const table = within(gender).getByRole('table');
    expect(within(table).getByText('男')).toBeInTheDocument();
    expect(within(table).getByText('58.3%')).toBeInTheDocument();
    const monthly = screen.getByTestId('analysis-monthly');
    expect(within(monthly).getByText('¥11,000.00')).toBeInTheDocument();

    await user.click(within(gender).getByRole('button', { name: '导出性别分布' }));
    await waitFor(() => expect(exported).toBeDefined());
    expect(exported?.body).toEqual({ table: 'gender' });
    expect(await screen.findByText(/导出任务已创建/)).toBeInTheDocument();
    // Six charts with their tables render slowly in jsdom.
  }, 90_000);

  it('keeps the analysis in its cache until the company changes or the session ends', async () => {
    api = mock();
    renderScreen(AnalysisPage, { path: PATH });
    await screen.findByTestId('analysis-gender');
    await waitFor(() => expect(Object.keys(useAnalysisCache.getState().byKey)).toHaveLength(1));
    useSession.setState({ companyId: 2 });
    expect(useAnalysisCache.getState().byKey).toEqual({});
    useAnalysisCache.getState().put('x', DATA);
    useSession.setState({ token: null });
    expect(useAnalysisCache.getState().byKey).toEqual({});
  });

  it('hides the export buttons from an admin without stats:export', async () => {
    useSession.setState({ elements: { 'stats:view': true } });
    api = mock();
    renderScreen(AnalysisPage, { path: PATH });
    await screen.findByTestId('analysis-gender');
    expect(screen.queryByRole('button', { name: /^导出/ })).not.toBeInTheDocument();
  });
});
