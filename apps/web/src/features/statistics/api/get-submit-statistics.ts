import { API, type TSubmitStats, type TSubmitStatsQuery } from '@flexpay/contract/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getSubmitStatistics(query: TSubmitStatsQuery): Promise<TSubmitStats> {
  return request<TSubmitStats>('GET', API.statistics.submitStatistics, query);
}

/** Without a query: the key prefix of every range. */
export const submitStatisticsQueryOptions = (query?: TSubmitStatsQuery) =>
  queryOptions({
    queryKey: query ? ['statistics', 'submitStatistics', query] : ['statistics', 'submitStatistics'],
    queryFn: () => getSubmitStatistics(query ?? { from: '', to: '' }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });

export const useSubmitStatistics = (query: TSubmitStatsQuery) => useQuery(submitStatisticsQueryOptions(query));
