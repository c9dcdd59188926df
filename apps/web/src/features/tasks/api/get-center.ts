import { API, type TAssignment, type TPage, type TTaskCenterKind } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export interface TCenterListQuery {
  page: number;
  limit: number;
  kind?: TTaskCenterKind | undefined;
  taskId?: number | undefined;
  name?: string | undefined;
}

/** 任务中心: deliveries waiting for review, or assignments waiting for an answer, across tasks. */
export function getCenter(query: TCenterListQuery): Promise<TPage<TAssignment>> {
  return request<TPage<TAssignment>>('GET', API.task.centerPage, query);
}

export const centerQueryOptions = (query: TCenterListQuery) =>
  queryOptions({ queryKey: ['tasks', 'center', query], queryFn: () => getCenter(query), ...LIST_QUERY_OPTIONS });

export const useCenter = (query: TCenterListQuery) => useQuery(centerQueryOptions(query));
