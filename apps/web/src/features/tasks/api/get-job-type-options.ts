import { API } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The company's job types (`{ id, name }`), for the 工种 select of a task and the worker filter. */
export function getJobTypeOptions(): Promise<{ id: number; name: string }[]> {
  return request<{ id: number; name: string }[]>('GET', API.jobType.options);
}

export const jobTypeOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['tasks', 'jobTypeOptions'], queryFn: getJobTypeOptions });

export const useJobTypeOptions = () => useQuery(jobTypeOptionsQueryOptions());
