import { API, type TCompanyLogQuery, type TCompanyLogRow, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TCompanyLogListQuery = TCompanyLogQuery & { page: number; limit: number };

export function getCompanyLog(query: TCompanyLogListQuery): Promise<TPage<TCompanyLogRow>> {
  return request<TPage<TCompanyLogRow>>('GET', API.money.logPage, query);
}

export const companyLogQueryOptions = (query?: TCompanyLogListQuery) =>
  queryOptions({
    queryKey: query ? ['money', 'log', query] : ['money', 'log'],
    queryFn: () => getCompanyLog(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useCompanyLog = (query: TCompanyLogListQuery) => useQuery(companyLogQueryOptions(query));
