import { API, type TExportJob, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { exportJobsRefetchInterval, type TExportJobListQuery } from '../lib/export-jobs.ts';
import { LIST_QUERY_OPTIONS } from '../lib/query-client.ts';
import { request } from '../lib/request.ts';

/**
 * The download centre's list, shared: 下载中心 shows it, and every screen that starts an export
 * refreshes it (`useStartExport`), so the new job is there when the user opens 下载中心.
 */
export function getExportJobs(query: TExportJobListQuery): Promise<TPage<TExportJob>> {
  return request<TPage<TExportJob>>('GET', API.export.page, query);
}

/**
 * Polled every 2 s while a job on the page is queued or running; fetched again when the browser
 * tab comes back (an export started in another tab). Without a query: the key prefix of every
 * page, for invalidation.
 */
export const exportJobsQueryOptions = (query?: TExportJobListQuery) =>
  queryOptions({
    queryKey: query ? ['exports', 'list', query] : ['exports', 'list'],
    queryFn: () => getExportJobs(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
    refetchOnWindowFocus: true,
    refetchInterval: exportJobsRefetchInterval,
  });

export const useExportJobs = (query: TExportJobListQuery) => useQuery(exportJobsQueryOptions(query));
