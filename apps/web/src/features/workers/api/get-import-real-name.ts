import { API, apiPath, type TRealNameRun } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The real-name verification of one import's workers: null until the import has queued it. */
export function getImportRealName(importId: string): Promise<TRealNameRun | null> {
  return request<TRealNameRun | null>('GET', apiPath(API.worker.importRealName, { id: importId }));
}

export const importRealNameQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: ['workers', 'importRealName', importId],
    queryFn: () => getImportRealName(importId),
  });

/** Polled every two seconds while the import's workers are 认证中 (or not queued yet). */
export const useImportRealName = (importId: string) =>
  useQuery({
    ...importRealNameQueryOptions(importId),
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? false
        : query.state.data === null || (query.state.data?.pending ?? 1) > 0
          ? 2_000
          : false,
  });
