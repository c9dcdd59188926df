import { API, type TPage, type TReceipt, type TReceiptFilters } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TReceiptListQuery = TReceiptFilters & { page: number; limit: number };

/** 回单详情 of a batch: its successful payouts' electronic receipts. */
export function getReceipts(query: TReceiptListQuery): Promise<TPage<TReceipt>> {
  return request<TPage<TReceipt>>('GET', API.payroll.receiptPage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const receiptsQueryOptions = (query?: TReceiptListQuery) =>
  queryOptions({
    queryKey: query ? ['payroll', 'receipts', query] : ['payroll', 'receipts'],
    queryFn: () => getReceipts(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useReceipts = (query: TReceiptListQuery) => useQuery(receiptsQueryOptions(query));
