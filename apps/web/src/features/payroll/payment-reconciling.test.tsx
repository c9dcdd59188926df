/**
 * 对账中 (issue 42 point 1, ADR 0030): a payout the provider's statement disagrees with shows in
 * 支付中心, 发放记录, its batch's items (支付详情, 发放明细), 退款中心 and 支付详情's failed payouts
 * as 对账中 with the platform's plain explanation, no receipt, and never the provider's data; its
 * money is not said to be back, and 重新支付 is disabled with the reason.
 */
import type { TGrantRecord, TPayment, TPayrollItem } from '@flexpay/contract/web';
import { PAYOUT_RECONCILING_NOTE, PAYOUT_RECONCILING_REPAY_REFUSED } from '@flexpay/contract/web';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as EmolumentDetailPage } from './routes/emolument-detail-page.tsx';
import { Component as GrantRecordPage } from './routes/emolument-grant-record-page.tsx';
import { Component as PaymentCenterPage } from './routes/epayment-center-page.tsx';
import { Component as PayDetailPage } from './routes/pay-roll-detail-page.tsx';
import { Component as RefundPage } from './routes/refund-center-page.tsx';
import { batch, item } from './test-data.ts';

const PAYMENT: TPayment = {
  id: 900,
  ref: 'PO812-1',
  batchId: 7,
  batchNo: 'FF20261124000007',
  batchTitle: '11月 结算',
  attempt: 1,
  holderName: '张三',
  channel: 'bank',
  accountMasked: '6222 **** 0017',
  netFen: 100_000,
  feeFen: 6_500,
  status: 'succeeded',
  failReason: null,
  createdAt: '2026-11-28T02:00:00.000Z',
  settledAt: '2026-11-28T02:00:02.000Z',
  reconciling: true,
};

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() => useSession.setState({ elements: { 'payroll:view': true, 'payroll:refund': true }, menus: {} }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('支付中心', () => {
  it('shows a held payout as 对账中 with the plain explanation and no receipt', async () => {
    api = mockApi({
      'GET /api/emolument/epaymentCenter/page': () =>
        ok({
          total: 2,
          rows: [PAYMENT, { ...PAYMENT, id: 901, ref: 'PO813-1', holderName: '李四', reconciling: false }],
        }),
    });
    renderScreen(PaymentCenterPage, { path: '/EmolumentManagement/epaymentCenter' });
    const user = setupUser();
    const held = (await screen.findByText('PO812-1', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    const tag = within(held).getByText('对账中');
    expect(within(held).getByText('对账单与平台记录不一致，平台核实中')).toBeInTheDocument();
    expect(within(held).queryByText('已支付')).toBeNull();
    expect(within(held).queryByRole('link', { name: '查看' })).toBeNull();
    // The full explanation on hover (or focus: the tag is in the Tab order).
    await user.hover(tag);
    expect(await screen.findByText(PAYOUT_RECONCILING_NOTE, {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const paid = screen.getByText('PO813-1').closest('tr') as HTMLElement;
    expect(within(paid).getByText('已支付')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: '查看' })).toBeInTheDocument();
    // Never the provider's own reference.
    expect(screen.queryByText(/SB0000/)).toBeNull();
  });
});

/** What a held item's row must show, and must not: the status in the platform's words, no 回单. */
async function expectHeld(row: HTMLElement) {
  const user = setupUser();
  const tag = within(row).getByText('对账中');
  expect(within(row).getByText('对账单与平台记录不一致，平台核实中')).toBeInTheDocument();
  expect(within(row).queryByText('已支付')).toBeNull();
  expect(within(row).queryByRole('link', { name: '回单' })).toBeNull();
  await user.hover(tag);
  expect(await screen.findByText(PAYOUT_RECONCILING_NOTE, {}, { timeout: 5_000 })).toBeInTheDocument();
  await user.keyboard('{Escape}');
}

const heldItem = item({
  id: 1,
  name: '张三',
  payStatus: 'paid',
  paidAt: '2026-11-24T02:10:00.000Z',
  reconciling: true,
});
const paidItem = item({
  id: 2,
  rowNo: 2,
  name: '李四',
  workerId: 12,
  payStatus: 'paid',
  paidAt: '2026-11-24T02:10:00.000Z',
});

describe('发放记录', () => {
  it('shows a held item as 对账中 with the plain explanation and no 回单; a paid one as 已支付 with its 回单', async () => {
    const record = (over: Partial<TGrantRecord>): TGrantRecord => ({
      ...item(over),
      batchTitle: '11月 结算',
      batchNo: 'FF20261124000007',
      period: '2026-11',
    });
    api = mockApi({
      'GET /api/emolument/emolumentGrantRecord/page': () =>
        ok({ total: 2, rows: [record(heldItem), record(paidItem)] }),
    });
    renderScreen(GrantRecordPage, { path: '/EmolumentManagement/emolumentGrantRecord' });
    const held = (await screen.findByText('张三', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    await expectHeld(held);
    const paid = screen.getByText('李四').closest('tr') as HTMLElement;
    expect(within(paid).getByText('已支付')).toBeInTheDocument();
    expect(within(paid).queryByText('对账中')).toBeNull();
    expect(within(paid).getByRole('link', { name: '回单' })).toBeInTheDocument();
  });
});

describe('a batch’s items', () => {
  const paidBatch = () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(batch({ status: 'completed', itemCount: 2, okCount: 2, failedCount: 0 })),
      'GET /api/emolument/emolumentDetail/page': ({ params }) =>
        ok(
          (params as { payStatus?: string }).payStatus === 'failed'
            ? { total: 0, rows: [] }
            : { total: 2, rows: [heldItem, paidItem] },
        ),
    });
  };

  for (const [title, page, path] of [
    ['支付详情', PayDetailPage, '/EmolumentManagement/payRollDetail'],
    ['发放明细', EmolumentDetailPage, '/EmolumentManagement/emolumentDetail'],
  ] as const) {
    it(`in ${title} show a held item as 对账中 with the plain explanation and no 回单`, async () => {
      paidBatch();
      renderScreen(page, { path, initialEntry: `${path}?id=7` });
      const held = (await screen.findByText('张三', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
      await expectHeld(held);
      const paid = screen.getByText('李四').closest('tr') as HTMLElement;
      expect(within(paid).getByText('已支付')).toBeInTheDocument();
      expect(within(paid).getByRole('link', { name: '回单' })).toBeInTheDocument();
    });
  }
});

const heldFailed = item({
  id: 3,
  rowNo: 3,
  name: '王五',
  workerId: 13,
  payStatus: 'failed',
  payFailReason: '卡号无效',
  reconciling: true,
});
const failed = item({ id: 4, rowNo: 4, name: '赵六', workerId: 14, payStatus: 'failed', payFailReason: '户名不符' });

describe('退款中心', () => {
  it('shows a held failed item as 对账中, its reason not told as settled, 重新支付 disabled with the reason', async () => {
    api = mockApi({
      'GET /api/emolument/refund/page': () =>
        ok({
          total: 2,
          rows: [heldFailed, failed].map((r) => ({ ...r, batchTitle: '11月 结算', batchNo: 'FF20261124000007' })),
        }),
    });
    renderScreen(RefundPage, { path: '/EmolumentManagement/refundCenter' });
    const held = (await screen.findByText('王五', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    await expectHeld(held);
    expect(within(held).queryByText('卡号无效')).toBeNull();
    expect(within(held).queryByText('支付失败')).toBeNull();
    const blocked = within(held).getByRole('button', { name: '重新支付' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription(PAYOUT_RECONCILING_REPAY_REFUSED);
    const user = setupUser();
    await user.hover(blocked.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip', {}, { timeout: 5_000 })).toHaveTextContent(
      PAYOUT_RECONCILING_REPAY_REFUSED,
    );
    // The page says a held item's money is not back.
    expect(screen.getByText(/对账中的除外：平台核实完成前不会退回，也不能重新支付/)).toBeInTheDocument();
    // Another failed item reads as before and can be paid again.
    const other = screen.getByText('赵六').closest('tr') as HTMLElement;
    expect(within(other).getByText('户名不符')).toBeInTheDocument();
    expect(within(other).getByText('支付失败')).toBeInTheDocument();
    expect(within(other).queryByText('对账中')).toBeNull();
    await user.click(within(other).getByRole('button', { name: '重新支付' }));
    expect(await screen.findByText(/重新支付：赵六/, {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});

describe('支付详情’s failed payouts', () => {
  const partialBatch = (failedRows: TPayrollItem[]) => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () =>
        ok(batch({ status: 'partial', itemCount: failedRows.length + 1, okCount: 1, failedCount: 0 })),
      'GET /api/emolument/emolumentDetail/page': ({ params }) =>
        ok(
          (params as { payStatus?: string }).payStatus === 'failed'
            ? { total: failedRows.length, rows: failedRows }
            : { total: failedRows.length + 1, rows: [paidItem, ...failedRows] },
        ),
    });
    renderScreen(PayDetailPage, {
      path: '/EmolumentManagement/payRollDetail',
      initialEntry: '/EmolumentManagement/payRollDetail?id=7',
    });
  };
  const failedCard = async (n: number) =>
    (await screen.findByText(`支付失败 ${n} 笔`, {}, { timeout: 10_000 })).closest('.ant-card') as HTMLElement;

  it('say 对账中 of a held one, never that its money is back, and lead nowhere to pay it again', async () => {
    partialBatch([heldFailed]);
    const card = await failedCard(1);
    expect(within(card).getByText('1 笔发放支付失败，对账中，平台核实中')).toBeInTheDocument();
    expect(within(card).getByText(PAYOUT_RECONCILING_NOTE)).toBeInTheDocument();
    expect(within(card).queryByText(/金额已退回可用余额/)).toBeNull();
    expect(within(card).queryByRole('button', { name: /去退款中心/ })).toBeNull();
    const row = within(card).getByText('王五').closest('tr') as HTMLElement;
    expect(within(row).getByText('对账中')).toBeInTheDocument();
    expect(within(row).getByText('对账单与平台记录不一致，平台核实中')).toBeInTheDocument();
    expect(within(row).queryByText('卡号无效')).toBeNull();
  });

  it('beside other failed ones, say which money is back and which is held', async () => {
    partialBatch([heldFailed, failed]);
    const card = await failedCard(2);
    expect(within(card).getByText('2 笔发放支付失败，其中 1 笔对账中，其余金额已退回可用余额')).toBeInTheDocument();
    expect(within(card).getByText(`对账中的：${PAYOUT_RECONCILING_NOTE}`)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /去退款中心/ })).toBeInTheDocument();
    const held = within(card).getByText('王五').closest('tr') as HTMLElement;
    expect(within(held).getByText('对账中')).toBeInTheDocument();
    const other = within(card).getByText('赵六').closest('tr') as HTMLElement;
    expect(within(other).getByText('户名不符')).toBeInTheDocument();
    expect(within(other).queryByText('对账中')).toBeNull();
  });
});
