import type { TReceipt } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ReceiptsPage } from './routes/emolument-receipt-details-page.tsx';
import { Component as RecordsPage } from './routes/emolument-grant-record-page.tsx';
import { batch } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'payroll:view': true, 'payroll:export': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const receipt = (over: Partial<TReceipt> = {}): TReceipt => ({
  id: 41,
  receiptNo: 'HD2026112400000041',
  batchId: 7,
  batchNo: 'FF20261101000007',
  batchTitle: '2026-10 数据标注劳务费',
  period: '2026-10',
  payerName: '海南灵工服务有限公司',
  clientName: '星河科技有限公司',
  payeeName: '张三',
  channel: 'bank',
  accountMasked: '6222 **** **** 0017',
  amountFen: 300_000,
  ref: 'PO12-1',
  paidAt: '2026-11-24T02:00:00.000Z',
  ...over,
});
const EXPORT_JOB = { id: 'e1', type: 'receipts', typeName: '电子回单', status: 'queued' };

describe('回单详情', () => {
  it("lists a batch's receipts with their total, links each to 文件预览, and zips them through the download centre", async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrant/:id': () => ok(batch({ id: 7, status: 'partial' })),
      'GET /api/emolument/receiptController/pageByCompany': () => ok({ total: 1, rows: [receipt()] }),
      'GET /api/emolument/receiptRecordController/getReceiptAmount': () => ok({ count: 1, amountFen: 300_000 }),
      'POST /api/emolument/receiptController/export': () => ok(EXPORT_JOB),
    });
    renderScreen(ReceiptsPage, {
      path: '/invoiceCenter/emolumentReceiptDetails',
      initialEntry: '/invoiceCenter/emolumentReceiptDetails?id=7',
    });
    const row = (await screen.findByText('HD2026112400000041')).closest('tr') as HTMLElement;
    expect(within(row).getByText('银行卡 6222 **** **** 0017')).toBeInTheDocument();
    const preview = within(row).getByRole('link', { name: /预览回单/ });
    const href = new URL(preview.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/pdfPreview');
    expect(href.searchParams.get('url')).toBe('/api/emolument/receiptController/41/pdf');
    expect(href.searchParams.get('name')).toBe('回单_HD2026112400000041_张三.pdf');
    expect(
      api.calls.find((c) => c.url.startsWith('/api/emolument/receiptController/pageByCompany'))?.params,
    ).toMatchObject({ batchId: 7 });
    // The row's amount and the total's.
    await waitFor(() => expect(screen.getAllByText('¥3,000.00')).toHaveLength(2));
    await user.click(getButton('打包下载'));
    await waitFor(() => expect(api?.calls.find((c) => c.method === 'POST')?.body).toEqual({ batchId: 7 }));
    expect(await screen.findByText(/导出任务已创建/)).toBeInTheDocument();
  });

  it('without a batch, lists the batches that have receipts', async () => {
    api = mockApi({
      'GET /api/emolument/emolumentDetail/getCompanyReceiptList': () =>
        ok({
          total: 1,
          rows: [
            {
              id: 7,
              batchNo: 'FF20261101000007',
              batchTitle: '2026-10 数据标注劳务费',
              period: '2026-10',
              payerName: '海南灵工服务有限公司',
              count: 19,
              amountFen: 6_000_000,
              lastPaidAt: '2026-11-01T02:00:00.000Z',
            },
          ],
        }),
    });
    renderScreen(ReceiptsPage, { path: '/invoiceCenter/emolumentReceiptDetails' });
    const row = (await screen.findByText('2026-10 数据标注劳务费')).closest('tr') as HTMLElement;
    expect(within(row).getByText('¥60,000.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '查看回单' })).toHaveAttribute(
      'href',
      '/invoiceCenter/emolumentReceiptDetails?id=7',
    );
  });
});

describe('发放记录 导出', () => {
  it("queues an export with the list's filters", async () => {
    api = mockApi({
      'GET /api/emolument/emolumentGrantRecord/page': () => ok({ total: 0, rows: [] }),
      'POST /api/emolument/emolumentGrantRecord/export': () => ok({ ...EXPORT_JOB, type: 'grantRecords' }),
    });
    renderScreen(RecordsPage, {
      path: '/EmolumentManagement/emolumentGrantRecord',
      initialEntry: '/EmolumentManagement/emolumentGrantRecord?payStatus=failed',
    });
    await user.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(api?.calls.find((c) => c.method === 'POST')?.body).toEqual({ payStatus: 'failed' }));
  });

  it('is not offered without payroll:export', async () => {
    useSession.setState({ elements: { 'payroll:view': true } });
    api = mockApi({ 'GET /api/emolument/emolumentGrantRecord/page': () => ok({ total: 0, rows: [] }) });
    renderScreen(RecordsPage, { path: '/EmolumentManagement/emolumentGrantRecord' });
    expect(await screen.findByText('暂无发放记录')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });
});
