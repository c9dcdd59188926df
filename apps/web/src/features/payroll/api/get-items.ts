import { API, type TPage, type TPayrollItem, type TPayrollItemQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TItemListQuery = TPayrollItemQuery & { page: number; limit: number };

/** A batch's items (发放明细), with their check results. */
export function getItems(query: TItemListQuery): Promise<TPage<TPayrollItem>> {
  return request<TPage<TPayrollItem>>('GET', API.payroll.items, query);
}

/** Without a query: the key prefix of every item page, for invalidation. */
export const itemsQueryOptions = (query?: TItemListQuery) =>
  queryOptions({
    queryKey: query ? ['payroll', 'items', query] : ['payroll', 'items'],
    queryFn: () => getItems(query ?? { batchId: 0, page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useItems = (query: TItemListQuery) => useQuery(itemsQueryOptions(query));
