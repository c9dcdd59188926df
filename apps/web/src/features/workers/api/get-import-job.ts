import type { TImportJob, TImportStatus } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export const IMPORT_POLL_MS = 1000;

/** The server is still working on the file. */
export const isImportRunning = (status: TImportStatus | undefined) =>
  status === 'validating' || status === 'committing';

export function getImportJob(id: string): Promise<TImportJob> {
  return request<TImportJob>('GET', `/api/companystaff/employee/import/${encodeURIComponent(id)}`);
}

/** Polled every second while the job validates or commits. */
export const importJobQueryOptions = (id?: string) =>
  queryOptions({
    queryKey: id === undefined ? ['workers', 'importJob'] : ['workers', 'importJob', id],
    queryFn: () => getImportJob(id ?? ''),
    enabled: id !== undefined,
    // The upload and the commit answer the job: no need to ask again at once.
    staleTime: IMPORT_POLL_MS / 2,
    refetchInterval: (query) => (isImportRunning(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });

export const useImportJob = (id: string | undefined) => useQuery(importJobQueryOptions(id));
