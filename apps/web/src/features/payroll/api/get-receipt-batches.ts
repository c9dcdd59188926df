import { API, type TPage, type TReceiptBatch, type TReceiptBatchQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TReceiptBatchListQuery = TReceiptBatchQuery & { page: number; limit: number };

/** 回单详情 without a batch: the batches that have receipts. */
export function getReceiptBatches(query: TReceiptBatchListQuery): Promise<TPage<TReceiptBatch>> {
  return request<TPage<TReceiptBatch>>('GET', API.payroll.receiptBatches, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const receiptBatchesQueryOptions = (query?: TReceiptBatchListQuery) =>
  queryOptions({
    queryKey: query ? ['payroll', 'receiptBatches', query] : ['payroll', 'receiptBatches'],
    queryFn: () => getReceiptBatches(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useReceiptBatches = (query: TReceiptBatchListQuery) => useQuery(receiptBatchesQueryOptions(query));
