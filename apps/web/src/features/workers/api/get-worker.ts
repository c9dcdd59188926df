import { API, apiPath, type TWorkerDetail } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getWorker(id: number): Promise<TWorkerDetail> {
  return request<TWorkerDetail>('GET', apiPath(API.worker.one, { id }));
}

/** Without an id: the key prefix of every worker detail, for invalidation. */
export const workerQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['workers', 'detail'] : ['workers', 'detail', id],
    queryFn: () => getWorker(id ?? 0),
    enabled: id !== undefined,
  });

export const useWorker = (id: number | undefined) => useQuery(workerQueryOptions(id));
