import { API, type TPage, type TAdvert } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TAdvertQuery = { page: number; limit: number } & Record<string, string | number | undefined>;

export function getAdverts(query: TAdvertQuery): Promise<TPage<TAdvert>> {
  return request<TPage<TAdvert>>('GET', API.content.advertPage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const advertsQueryOptions = (query?: TAdvertQuery) =>
  queryOptions({
    queryKey: query === undefined ? ['content', 'adverts'] : ['content', 'adverts', query],
    queryFn: () => getAdverts(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useAdverts = (query: TAdvertQuery) => useQuery(advertsQueryOptions(query));
