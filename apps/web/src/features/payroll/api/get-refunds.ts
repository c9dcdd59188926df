import { API, type TPage, type TRefundItem, type TRefundQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TRefundListQuery = TRefundQuery & { page: number; limit: number };

/** 退款中心: the items whose payment failed, across batches (their money is back; they can be paid again). */
export function getRefunds(query: TRefundListQuery): Promise<TPage<TRefundItem>> {
  return request<TPage<TRefundItem>>('GET', API.payroll.refundPage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const refundsQueryOptions = (query?: TRefundListQuery) =>
  queryOptions({
    queryKey: query ? ['payroll', 'refunds', query] : ['payroll', 'refunds'],
    queryFn: () => getRefunds(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useRefunds = (query: TRefundListQuery) => useQuery(refundsQueryOptions(query));
