import { API, type TMonitor } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsRequest } from '../lib/ops-request.ts';

/** 系统监控 polls this often. */
export const MONITOR_POLL_MS = 5_000;

export const getOpsMonitor = (signal?: AbortSignal) =>
  opsRequest<TMonitor>('GET', API.ops.monitor, undefined, signal ? { signal } : {});

export const opsMonitorQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'monitor'],
    queryFn: ({ signal }) => getOpsMonitor(signal),
    refetchInterval: MONITOR_POLL_MS,
    // A screen left open on a wall keeps refreshing.
    refetchIntervalInBackground: true,
  });

export const useOpsMonitor = () => useQuery(opsMonitorQueryOptions());
