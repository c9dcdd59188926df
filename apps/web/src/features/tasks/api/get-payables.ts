import { API, type TPage, type TTaskPayable, type TTaskPayableQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TPayableListQuery = Omit<TTaskPayableQuery, 'page' | 'limit'> & { page: number; limit: number };

/** 任务确认: passed deliveries as payable amounts (待确认) or those in a batch (已确认). */
export function getPayables(query: TPayableListQuery): Promise<TPage<TTaskPayable & { id: number }>> {
  return request<TPage<TTaskPayable>>('GET', API.task.confirmPage, query).then((page) => ({
    ...page,
    rows: page.rows.map((row) => ({ ...row, id: row.assignmentId })),
  }));
}

export const payablesQueryOptions = (query: TPayableListQuery) =>
  queryOptions({ queryKey: ['tasks', 'payables', query], queryFn: () => getPayables(query), ...LIST_QUERY_OPTIONS });

export const usePayables = (query: TPayableListQuery) => useQuery(payablesQueryOptions(query));
