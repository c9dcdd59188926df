import { API, type TJobType } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/**
 * An item of GET /api/companystaff/ecompanyJobCategory/selectByEcompanyId. The contract has no
 * schema for it; only `id` and `name` are relied on, and `enabled` when the server sends it.
 */
export type TJobTypeOption = Pick<TJobType, 'id' | 'name'> & Partial<Pick<TJobType, 'enabled'>>;

export function getJobTypeOptions(): Promise<TJobTypeOption[]> {
  return request<TJobTypeOption[]>('GET', API.jobType.options);
}

export const jobTypeOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['workers', 'jobTypeOptions'], queryFn: getJobTypeOptions });

export const useJobTypeOptions = () => useQuery(jobTypeOptionsQueryOptions());
