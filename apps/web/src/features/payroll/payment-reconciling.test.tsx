/**
 * 对账中 (issue 42 point 1, ADR 0030): a payout the provider's statement disagrees with shows in
 * 支付中心 as 对账中 with the platform's plain explanation, no receipt, and never the provider's data.
 */
import type { TPayment } from '@flexpay/contract/web';
import { PAYOUT_RECONCILING_NOTE } from '@flexpay/contract/web';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as PaymentCenterPage } from './routes/epayment-center-page.tsx';

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
beforeEach(() => useSession.setState({ elements: { 'payroll:view': true }, menus: {} }));
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
