import type { TExportJob, TExportStatus } from '@flexpay/contract/web';

/** A download centre's list is fetched again this often while one of its jobs runs. */
export const EXPORT_POLL_MS = 2000;

/** Query of a download centre's list (ZExportQuery): the company's and the operators'. */
export interface TExportJobListQuery {
  page: number;
  limit: number;
  status?: TExportStatus | undefined;
}

/** The file is still being made. */
export const isExportRunning = (job: Pick<TExportJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** A list's polling: every EXPORT_POLL_MS while a job on the page is queued or running, else none. */
export const exportJobsRefetchInterval = (q: { state: { data?: { rows: TExportJob[] } | undefined } }) =>
  q.state.data?.rows.some(isExportRunning) ? EXPORT_POLL_MS : false;
