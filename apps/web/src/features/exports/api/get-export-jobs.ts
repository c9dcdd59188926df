import type { TExportJob, TExportStatus, TPage } from '@flexpay/contract/web';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export const EXPORT_POLL_MS = 2000;

/** Query of GET /api/admin/export/page (ZExportQuery). */
export interface TExportJobListQuery {
  page: number;
  limit: number;
  status?: TExportStatus | undefined;
}

/** The file is still being made. */
export const isExportRunning = (job: Pick<TExportJob, 'status'>) => job.status === 'queued' || job.status === 'running';

export function getExportJobs(query: TExportJobListQuery): Promise<TPage<TExportJob>> {
  return request<TPage<TExportJob>>('GET', '/api/admin/export/page', query);
}

/** Polled every 2 s while a job on the page is queued or running. */
export const exportJobsQueryOptions = (query?: TExportJobListQuery) =>
  queryOptions({
    queryKey: query ? ['exports', 'list', query] : ['exports', 'list'],
    queryFn: () => getExportJobs(query ?? { page: 1, limit: 10 }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some(isExportRunning) ? EXPORT_POLL_MS : false),
  });

export const useExportJobs = (query: TExportJobListQuery) => useQuery(exportJobsQueryOptions(query));
