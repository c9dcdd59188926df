import { API, type TPage, type TTaskQuery, type TTaskRow } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TTaskListQuery = Omit<TTaskQuery, 'page' | 'limit'> & { page: number; limit: number };

/** 企业任务列表's pages (and the wizard's first step with `assignable: 'true'`). */
export function getTasks(query: TTaskListQuery): Promise<TPage<TTaskRow>> {
  return request<TPage<TTaskRow>>('GET', API.task.page, query);
}

/** Without a query: the key prefix of every task page, for invalidation. */
export const tasksQueryOptions = (query?: TTaskListQuery) =>
  queryOptions({
    queryKey: query ? ['tasks', 'list', query] : ['tasks', 'list'],
    queryFn: () => getTasks(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useTasks = (query: TTaskListQuery) => useQuery(tasksQueryOptions(query));
