import { API, apiPath, type TExportJob, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../lib/download-blob.ts';
import { exportJobsRefetchInterval, type TExportJobListQuery } from '../../lib/export-jobs.ts';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

/**
 * The operators' 下载中心: the exports this operator asked for. Polled every 2 s while one runs,
 * fetched again when the tab comes back; without a query, the key prefix of every page (an
 * 导出 refreshes them).
 */
export const opsExportsQueryOptions = (query?: TExportJobListQuery) =>
  queryOptions({
    queryKey: query ? ['ops', 'exports', 'list', query] : ['ops', 'exports', 'list'],
    queryFn: ({ signal }) =>
      opsRequest<TPage<TExportJob>>('GET', API.ops.exportPage, query ?? { page: 1, limit: 10 }, { signal }),
    ...LIST_QUERY_OPTIONS,
    refetchOnWindowFocus: true,
    refetchInterval: exportJobsRefetchInterval,
  });

export const useOpsExports = (query: TExportJobListQuery) => useQuery(opsExportsQueryOptions(query));

/** Saves a finished export's file under its name, fetched with the operator token. */
export async function downloadOpsExport(job: Pick<TExportJob, 'id' | 'fileName'>): Promise<void> {
  const blob = await opsRequest<Blob>('GET', apiPath(API.ops.exportDownload, { id: job.id }), undefined, {
    responseType: 'blob',
  });
  saveBlob(blob, job.fileName);
}
