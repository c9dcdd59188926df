import { API, type TTaskCenterCounts } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How many wait in each of 任务中心's queues. */
export function getCenterCounts(): Promise<TTaskCenterCounts> {
  return request<TTaskCenterCounts>('GET', API.task.centerCounts);
}

export const centerCountsQueryOptions = () =>
  queryOptions({ queryKey: ['tasks', 'centerCounts'], queryFn: getCenterCounts });

export const useCenterCounts = () => useQuery(centerCountsQueryOptions());
