import { API, apiPath, type TTaskDetail } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 任务详情: the task, its attachments, the actions allowed now and the fields locked. */
export function getTask(id: number): Promise<TTaskDetail> {
  return request<TTaskDetail>('GET', apiPath(API.task.one, { id }));
}

/** Without an id: the key prefix of every task detail, for invalidation. */
export const taskQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['tasks', 'detail'] : ['tasks', 'detail', id],
    queryFn: () => getTask(id ?? 0),
    enabled: id !== undefined,
  });

export const useTask = (id: number | undefined) => useQuery(taskQueryOptions(id));
