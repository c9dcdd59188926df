import { API, type TJobType, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

/** Query of GET /api/companystaff/ecompanyJobCategory/page (ZJobTypeQuery). */
export interface TJobTypeListQuery {
  page: number;
  limit: number;
  name?: string | undefined;
  enabled?: 'true' | 'false' | undefined;
}

export function getJobTypes(query: TJobTypeListQuery): Promise<TPage<TJobType>> {
  return request<TPage<TJobType>>('GET', API.jobType.page, query);
}

/** Without a query: the key prefix of every job type page, for invalidation. */
export const jobTypesQueryOptions = (query?: TJobTypeListQuery) =>
  queryOptions({
    queryKey: query ? ['workers', 'jobTypes', query] : ['workers', 'jobTypes'],
    queryFn: () => getJobTypes(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useJobTypes = (query: TJobTypeListQuery) => useQuery(jobTypesQueryOptions(query));
