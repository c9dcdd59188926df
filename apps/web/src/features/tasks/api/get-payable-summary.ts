import { API, type TTaskPayableQuery, type TTaskPayableSummary } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export type TPayableFilter = Omit<TTaskPayableQuery, 'page' | 'limit'>;

/** The payable amounts matching a filter together (全部符合条件的 figures). */
export function getPayableSummary(filter: TPayableFilter): Promise<TTaskPayableSummary> {
  return request<TTaskPayableSummary>('GET', API.task.confirmSummary, filter);
}

export const payableSummaryQueryOptions = (filter: TPayableFilter, enabled = true) =>
  queryOptions({
    queryKey: ['tasks', 'payableSummary', filter],
    queryFn: () => getPayableSummary(filter),
    enabled,
  });

export const usePayableSummary = (filter: TPayableFilter, enabled = true) =>
  useQuery(payableSummaryQueryOptions(filter, enabled));
