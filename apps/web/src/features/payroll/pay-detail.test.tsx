import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as RecordsPage } from './routes/emolument-grant-record-page.tsx';
import { Component as PayDetailPage } from './routes/pay-roll-detail-page.tsx';
import { batch, item } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => useSession.setState({ elements: { 'payroll:view': true, 'payroll:refund': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const paid = item({ id: 1, name: '张三', payStatus: 'paid', paidAt: '2026-11-24T02:10:00.000Z' });
const failed = item({ id: 2, rowNo: 2, name: '李四', payStatus: 'failed', payFailReason: '卡号无效' });

describe('支付详情', () => {
  it('of a 部分成功 batch says which payouts failed, why, and leads to 退款中心; paid rows link their 回单', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(batch({ status: 'partial', itemCount: 2, okCount: 2, failedCount: 0 })),
      'GET /api/emolument/emolumentDetail/page': ({ params }) =>
        ok(
          (params as { payStatus?: string }).payStatus === 'failed'
            ? { total: 1, rows: [failed] }
            : { total: 2, rows: [paid, failed] },
        ),
    });
    renderScreen(PayDetailPage, {
      path: '/EmolumentManagement/payRollDetail',
      initialEntry: '/EmolumentManagement/payRollDetail?id=7',
    });
    const card = (await screen.findByText('支付失败 1 笔')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('1 笔发放支付失败，金额已退回可用余额')).toBeInTheDocument();
    expect(within(card).getByText('李四')).toBeInTheDocument();
    expect(within(card).getByText('卡号无效')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /去退款中心/ })).toBeInTheDocument();
    // The check's 异常 0 is not what a paid batch's reader needs.
    expect(screen.queryByText(/异常 0/)).toBeNull();
    const receipt = await screen.findByRole('link', { name: '回单' });
    expect(receipt.getAttribute('href')).toBe('/invoiceCenter/emolumentReceiptDetails?id=7&name=%E5%BC%A0%E4%B8%89');
  });

  it('while 支付中 shows how many payouts are queued, sent and settled out of the total, refreshing on its own', async () => {
    const rounds = [
      { queued: 40_000, submitted: 2_000, succeeded: 900, failed: 100 },
      { queued: 100_000, submitted: 5_000, succeeded: 45_000, failed: 5_000 },
    ];
    let calls = 0;
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'paying', itemCount: 100_000 })),
      'GET /api/emolument/emolumentDetail/page': () => ok({ total: 0, rows: [] }),
      'GET /api/emolument/payRoll/:id/progress': () =>
        ok({ batchId: 7, status: 'paying', total: 100_000, ...rounds[Math.min(calls++, rounds.length - 1)] }),
    });
    renderScreen(PayDetailPage, {
      path: '/EmolumentManagement/payRollDetail',
      initialEntry: '/EmolumentManagement/payRollDetail?id=7',
    });
    expect(
      await screen.findByText(
        '正在排队：已排队 40,000 / 100,000 笔，发送中 2,000 笔，已结算 1,000 笔（成功 900，失败 100）',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1,000 / 100,000')).toBeInTheDocument();
    // Two seconds later, without a click: the next figures.
    await waitFor(
      () =>
        expect(
          screen.getByText('已全部排队 100,000 笔，发送中 5,000 笔，已结算 50,000 笔（成功 45,000，失败 5,000）'),
        ).toBeInTheDocument(),
      { timeout: 4_000 },
    );
  });

  it('of a batch paid in full shows no failure card', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ status: 'completed', failedCount: 0 })),
      'GET /api/emolument/emolumentDetail/page': ({ params }) =>
        ok(
          (params as { payStatus?: string }).payStatus === 'failed'
            ? { total: 0, rows: [] }
            : { total: 1, rows: [paid] },
        ),
    });
    renderScreen(PayDetailPage, {
      path: '/EmolumentManagement/payRollDetail',
      initialEntry: '/EmolumentManagement/payRollDetail?id=7',
    });
    expect(await screen.findByRole('link', { name: '回单' })).toBeInTheDocument();
    expect(screen.queryByText(/支付失败 \d+ 笔/)).toBeNull();
  });
});

describe('发放记录', () => {
  it('links the 回单 of a paid row', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrantRecord/page': () =>
        ok({
          total: 2,
          rows: [
            { ...paid, batchTitle: '11月 结算', batchNo: 'FF20261124000007', period: '2026-11' },
            { ...failed, batchTitle: '11月 结算', batchNo: 'FF20261124000007', period: '2026-11' },
          ],
        }),
    });
    renderScreen(RecordsPage, { path: '/EmolumentManagement/emolumentGrantRecord' });
    const links = await screen.findAllByRole('link', { name: '回单' });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/invoiceCenter/emolumentReceiptDetails?id=7&name=%E5%BC%A0%E4%B8%89');
  });
});
