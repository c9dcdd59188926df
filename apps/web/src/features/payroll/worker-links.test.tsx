/**
 * Issue 38 point 12: a payee's name in 退款中心 and 支付详情 (its items and its failed payouts)
 * links to the worker's 员工详情, for an admin who may open that screen.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as PayDetailPage } from './routes/pay-roll-detail-page.tsx';
import { Component as RefundPage } from './routes/refund-center-page.tsx';
import { batch, item } from './test-data.ts';

const WORKER_MENUS = { EmployeeManagement: true, detailEmployee: true };
const failed = item({ id: 2, rowNo: 2, name: '李四', workerId: 12, payStatus: 'failed', payFailReason: '卡号无效' });
const gone = item({ id: 3, rowNo: 3, name: '王五', workerId: null, payStatus: 'failed', payFailReason: '卡号无效' });

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() =>
  useSession.setState({ elements: { 'payroll:view': true, 'payroll:refund': true }, menus: WORKER_MENUS }),
);
afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('payee names link to the worker', () => {
  it('in 退款中心, unless the item no longer names a worker', async () => {
    api = mockApi({
      'GET /api/emolument/refund/page': () =>
        ok({
          total: 2,
          rows: [failed, gone].map((r) => ({ ...r, batchTitle: '11月 结算', batchNo: 'FF20261124000007' })),
        }),
    });
    renderScreen(RefundPage, { path: '/EmolumentManagement/refundCenter' });
    const link = await screen.findByRole('link', { name: '李四' });
    expect(link).toHaveAttribute('href', '/EmployeeManagement/detailEmployee?id=12');
    expect(screen.getByText('王五').closest('a')).toBeNull();
  });

  it('in 支付详情, the items and the failed payouts alike', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'partial', itemCount: 1 })),
      'GET /api/emolument/emolumentDetail/page': () => ok({ total: 1, rows: [failed] }),
    });
    renderScreen(PayDetailPage, {
      path: '/EmolumentManagement/payRollDetail',
      initialEntry: '/EmolumentManagement/payRollDetail?id=7',
    });
    const card = (await screen.findByText('支付失败 1 笔')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByRole('link', { name: '李四' })).toHaveAttribute(
      'href',
      '/EmployeeManagement/detailEmployee?id=12',
    );
    const links = await screen.findAllByRole('link', { name: '李四' });
    expect(links).toHaveLength(2);
  });

  it('not for an admin who may not open 员工详情', async () => {
    useSession.setState({ menus: {} });
    api = mockApi({
      'GET /api/emolument/refund/page': () =>
        ok({ total: 1, rows: [{ ...failed, batchTitle: '11月 结算', batchNo: 'FF20261124000007' }] }),
    });
    renderScreen(RefundPage, { path: '/EmolumentManagement/refundCenter' });
    expect(await screen.findByText('李四')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '李四' })).toBeNull();
  });
});
