import { API, type TPage, type THomeModule } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type THomeModuleQuery = { page: number; limit: number } & Record<string, string | number | undefined>;

export function getHomeModules(query: THomeModuleQuery): Promise<TPage<THomeModule>> {
  return request<TPage<THomeModule>>('GET', API.content.modulePage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const homeModulesQueryOptions = (query?: THomeModuleQuery) =>
  queryOptions({
    queryKey: query === undefined ? ['content', 'homeModules'] : ['content', 'homeModules', query],
    queryFn: () => getHomeModules(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useHomeModules = (query: THomeModuleQuery) => useQuery(homeModulesQueryOptions(query));
