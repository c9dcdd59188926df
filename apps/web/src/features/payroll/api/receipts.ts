import {
  API,
  apiPath,
  type TExportJob,
  type TGrantRecordFilters,
  type TPage,
  type TReceipt,
  type TReceiptAmount,
  type TReceiptBatch,
  type TReceiptBatchQuery,
  type TReceiptFilters,
} from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useStartExport } from '../../../lib/export-jobs.ts';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';
import { PAYROLL_KEY } from './batches.ts';

export const useReceipts = (query: TReceiptFilters & { page: number; limit: number }) =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'receipts', query],
    queryFn: () => request<TPage<TReceipt>>('GET', API.payroll.receiptPage, query),
    ...LIST_QUERY_OPTIONS,
  });

/** How many receipts the filters match and their total. */
export const useReceiptAmount = (filters: TReceiptFilters) =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'receiptAmount', filters],
    queryFn: () => request<TReceiptAmount>('GET', API.payroll.receiptAmount, filters, { silent: true }),
  });

export const useReceiptBatches = (query: TReceiptBatchQuery & { page: number; limit: number }) =>
  useQuery({
    queryKey: [...PAYROLL_KEY, 'receiptBatches', query],
    queryFn: () => request<TPage<TReceiptBatch>>('GET', API.payroll.receiptBatches, query),
    ...LIST_QUERY_OPTIONS,
  });

/** The receipt's PDF (the session's token goes with it). */
export const receiptPdfUrl = (id: number) => apiPath(API.payroll.receiptPdf, { id });

/** 打包下载: the matching receipts zipped by the download centre. */
export const useExportReceipts = () =>
  useStartExport((filters: TReceiptFilters) => request<TExportJob>('POST', API.payroll.receiptExport, filters));

/** 导出 of 发放记录, with the list's filters. */
export const useExportRecords = () =>
  useStartExport((filters: TGrantRecordFilters) => request<TExportJob>('POST', API.payroll.recordExport, filters));
