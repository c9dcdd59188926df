import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useAppStore, visitedViewLabel } from '../../lib/app-store.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as CheckPage } from './routes/emolument-check-page.tsx';
import { Component as DetailPage } from './routes/emolument-detail-page.tsx';
import { Component as DetailsPage } from './routes/emolument-grant-details-page.tsx';
import { Component as GrantPage } from './routes/emolument-grant-page.tsx';
import { Component as PayConfirmPage } from './routes/pay-confirm-page.tsx';
import { Component as PayRollDetailPage } from './routes/pay-roll-detail-page.tsx';
import { batch } from './test-data.ts';

// Issue 24, point 10: a failed load says that loading failed, with a retry; 不存在 only for a
// real 404; the status tabs show no count until the counts are known.

const ALL = {
  'payroll:view': true,
  'payroll:create': true,
  'payroll:check': true,
  'payroll:pay': true,
  'money:view': true,
};
let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: ALL }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const SCREENS = [
  { name: '发放详情', Page: DetailsPage, path: '/EmolumentManagement/emolumentGrantDetails' },
  { name: '发放明细', Page: DetailPage, path: '/EmolumentManagement/emolumentDetail' },
  { name: '核对明细', Page: CheckPage, path: '/EmolumentManagement/emolumentCheck' },
  { name: '支付确认', Page: PayConfirmPage, path: '/EmolumentManagement/payConfirm' },
  { name: '支付详情', Page: PayRollDetailPage, path: '/EmolumentManagement/payRollDetail' },
];

describe('a batch screen whose batch fails to load', () => {
  for (const { name, Page, path } of SCREENS) {
    it(`${name}: an HTTP 500 says loading failed with the server's message and 重新加载, not 不存在`, async () => {
      let calls = 0;
      let broken = true;
      api = mockApi({
        'GET /api/emolument/emolumentGrant/:id': () => {
          calls += 1;
          return broken ? fail(500, 50000, '数据库连接中断') : ok(batch({ status: 'completed' }));
        },
        'GET /api/emolument/emolumentDetail/page': () => ok({ total: 0, rows: [] }),
      });
      renderScreen(Page, { path, initialEntry: `${path}?id=7` });
      expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
      expect(screen.getByText(/^加载失败：/)).toBeInTheDocument();
      expect(screen.queryByText('发放批次不存在')).toBeNull();

      broken = false;
      await user.click(getButton('重新加载'));
      await waitFor(() => expect(calls).toBe(2));
      expect((await screen.findAllByText(/FF20261124000007/)).length).toBeGreaterThan(0);
      expect(screen.queryByText('数据加载失败')).toBeNull();
    });

    it(`${name}: a 404 says 发放批次不存在`, async () => {
      api = mockApi({ 'GET /api/emolument/emolumentGrant/:id': () => fail(404, 40400, '发放批次不存在') });
      renderScreen(Page, { path, initialEntry: `${path}?id=7` });
      expect(await screen.findByText('发放批次不存在')).toBeInTheDocument();
      expect(screen.queryByText('数据加载失败')).toBeNull();
      expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    });
  }
});

// Issue 24, point 21: each batch's screen names the batch on its tab, so the 发放详情 of two
// batches are two tabs that say which batch each shows.
describe("a batch screen's tab", () => {
  for (const { name, Page, path } of SCREENS) {
    it(`${name}: names the batch once loaded`, async () => {
      useAppStore.getState().clearVisitedViews();
      useAppStore.getState().addVisitedView({ path: `${path}?id=8`, fullPath: `${path}?id=8`, title: name });
      useAppStore.getState().addVisitedView({ path: `${path}?id=7`, fullPath: `${path}?id=7`, title: name });
      api = mockApi({
        'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'completed' })),
        'GET /api/emolument/emolumentDetail/page': () => ok({ total: 0, rows: [] }),
      });
      renderScreen(Page, { path, initialEntry: `${path}?id=7` });
      await waitFor(() =>
        expect(useAppStore.getState().visitedViews.map(visitedViewLabel)).toEqual([
          name,
          `${name} - 11月 数据标注结算`,
        ]),
      );
    });
  }
});

describe('薪酬发放 status tabs', () => {
  it('show no count while the counts load, then the counts', async () => {
    let answer: (() => void) | undefined;
    api = mockApi({
      'GET /api/emolument/emolumentGrant/page': () => ok({ total: 1, rows: [batch()] }),
      'GET /api/emolument/emolumentGrant/statusCounts': () =>
        new Promise((resolve) => {
          answer = () => resolve(ok([{ status: 'checking', count: 2, amountFen: 0 }]));
        }),
      'GET /api/admin/approval/pending': () => ok([]),
    });
    renderScreen(GrantPage, { path: '/EmolumentManagement/emolumentGrant' });
    expect(await screen.findByText('FF20261124000007')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '核对中' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '草稿' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /\s0$/ })).toBeNull();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByRole('tab', { name: '核对中 2' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '草稿 0' })).toBeInTheDocument();
  });
});
