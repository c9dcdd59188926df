import { API, type TPage, type TPayrollBatch, type TPayrollBatchQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TBatchListQuery = TPayrollBatchQuery & { page: number; limit: number };

/** 薪酬发放's batches, or with `checkOnly` 薪酬核对's (the batches still being checked). */
export function getBatches(query: TBatchListQuery, checkOnly = false): Promise<TPage<TPayrollBatch>> {
  return request<TPage<TPayrollBatch>>('GET', checkOnly ? API.payroll.checkPage : API.payroll.page, query);
}

/** Without a query: the key prefix of every batch page, for invalidation. */
export const batchesQueryOptions = (query?: TBatchListQuery, checkOnly = false) =>
  queryOptions({
    queryKey: query ? ['payroll', 'batches', checkOnly, query] : ['payroll', 'batches'],
    queryFn: () => getBatches(query ?? { page: 1, limit: 10 }, checkOnly),
    ...LIST_QUERY_OPTIONS,
  });

export const useBatches = (query: TBatchListQuery, checkOnly = false) =>
  useQuery(batchesQueryOptions(query, checkOnly));
