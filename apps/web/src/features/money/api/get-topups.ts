import { API, type TPage, type TTopup, type TTopupQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TTopupListQuery = TTopupQuery & { page: number; limit: number };

export function getTopups(query: TTopupListQuery): Promise<TPage<TTopup>> {
  return request<TPage<TTopup>>('GET', API.money.topupPage, query);
}

/** Without a query: the key prefix of every 充值记录 page, for invalidation. */
export const topupsQueryOptions = (query?: TTopupListQuery) =>
  queryOptions({
    queryKey: query ? ['money', 'topups', query] : ['money', 'topups'],
    queryFn: () => getTopups(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useTopups = (query: TTopupListQuery) => useQuery(topupsQueryOptions(query));
