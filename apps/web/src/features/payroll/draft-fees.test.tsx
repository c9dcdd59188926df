/**
 * Issue 38 point 12: fees are the check's (DOMAIN section 6). A 草稿 batch, and an item not yet
 * checked, shows its 服务费, 实发 and 扣款 as 核对后计算, never ¥0.00; once checked, the figures.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ItemsPage } from './routes/emolument-detail-page.tsx';
import { Component as DetailsPage } from './routes/emolument-grant-details-page.tsx';
import { Component as GrantPage } from './routes/emolument-grant-page.tsx';
import { batch, item } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
beforeEach(() =>
  useSession.setState({ elements: { 'payroll:view': true, 'payroll:create': true, 'payroll:check': true } }),
);
afterEach(() => {
  api?.restore();
  api = undefined;
});

const DRAFT = batch({ id: 9, batchNo: 'FF20261124000009', status: 'draft', feeFen: 0, netFen: 0, debitFen: 0 });

describe('fees before the check', () => {
  it('says 核对后计算 for a 草稿 batch in the list, and the figures for a checked one', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/page': () => ok({ total: 2, rows: [DRAFT, batch()] }),
      'GET /api/emolument/emolumentGrant/statusCounts': () => ok([]),
      'GET /api/admin/approval/pending': () => ok([]),
    });
    renderScreen(GrantPage, { path: '/EmolumentManagement/emolumentGrant' });
    const draft = (await screen.findByText('FF20261124000009')).closest('tr') as HTMLElement;
    expect(within(draft).getByText('核对后计算')).toBeInTheDocument();
    expect(draft).not.toHaveTextContent('¥0.00');
    const checked = screen.getByText('FF20261124000007').closest('tr') as HTMLElement;
    expect(within(checked).getByText('¥58,575.00')).toBeInTheDocument();
    expect(within(checked).getByText('¥3,575.00')).toBeInTheDocument();
  });

  it('says 核对后计算 in a 草稿 batch’s summary', async () => {
    api = mockApi({ 'GET /api/emolument/emolumentGrant/:id': () => ok(DRAFT) });
    renderScreen(DetailsPage, {
      path: '/EmolumentManagement/emolumentGrantDetails',
      initialEntry: '/EmolumentManagement/emolumentGrantDetails?id=9',
    });
    const fee = (await screen.findByText('批次号')).closest('.ant-descriptions') as HTMLElement;
    expect(fee).toHaveTextContent('服务费核对后计算');
    expect(fee).toHaveTextContent('实发合计核对后计算');
    expect(fee).toHaveTextContent('扣款合计核对后计算');
  });

  it('says 核对后计算 on the items not yet checked', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(DRAFT),
      'GET /api/emolument/emolumentDetail/page': () =>
        ok({ total: 1, rows: [item({ checkResult: 'unchecked', feeFen: 0, netFen: 0, debitFen: 0 })] }),
    });
    renderScreen(ItemsPage, {
      path: '/EmolumentManagement/emolumentDetail',
      initialEntry: '/EmolumentManagement/emolumentDetail?id=9',
    });
    const row = (await screen.findByText('张三', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('核对后计算')).toHaveLength(2);
    expect(row).not.toHaveTextContent('¥0.00');
  });
});
