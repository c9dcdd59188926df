import { API, type TTaskStatusCount } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How many tasks each status tab of 企业任务列表 holds. */
export function getTaskStatusCounts(): Promise<TTaskStatusCount[]> {
  return request<TTaskStatusCount[]>('GET', API.task.statusCounts);
}

export const taskStatusCountsQueryOptions = () =>
  queryOptions({ queryKey: ['tasks', 'statusCounts'], queryFn: getTaskStatusCounts });

export const useTaskStatusCounts = () => useQuery(taskStatusCountsQueryOptions());
