import { API, type TRealNameRun } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The real-name verifications of several workers going on (an import's), and those just ended. */
export function getRealNameRuns(): Promise<TRealNameRun[]> {
  return request<TRealNameRun[]>('GET', API.worker.realNameRuns);
}

export const realNameRunsQueryOptions = () =>
  queryOptions({ queryKey: ['workers', 'realNameRuns'], queryFn: getRealNameRuns });

/** Polled every two seconds while a run has workers 认证中. */
export const useRealNameRuns = () =>
  useQuery({
    ...realNameRunsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((r) => r.pending > 0) ? 2_000 : false),
  });
