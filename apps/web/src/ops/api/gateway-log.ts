import { API, apiPath, type TExportJob, type TGatewayLogDetail, type TGatewayLogPage } from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';
import { opsExportsQueryOptions } from './exports.ts';

/** How far back a list reaches when no days are chosen. */
export const GATEWAY_LOG_WINDOWS = [
  { value: '15m', label: '最近 15 分钟', ms: 15 * 60_000 },
  { value: '1h', label: '最近 1 小时', ms: 3_600_000 },
  { value: '6h', label: '最近 6 小时', ms: 6 * 3_600_000 },
  { value: '24h', label: '最近 24 小时', ms: 24 * 3_600_000 },
  { value: '7d', label: '最近 7 天', ms: 7 * 24 * 3_600_000 },
] as const;
export type TGatewayLogWindow = (typeof GATEWAY_LOG_WINDOWS)[number]['value'];

export interface TGatewayLogListQuery {
  page: number;
  limit: number;
  window?: TGatewayLogWindow | undefined;
  /** China calendar days YYYY-MM-DD, both included; they win over the window. */
  from?: string | undefined;
  to?: string | undefined;
  companyId?: number | undefined;
  adminId?: number | undefined;
  realm?: string | undefined;
  route?: string | undefined;
  statusClass?: string | undefined;
  code?: number | undefined;
  minLatencyMs?: number | undefined;
  requestId?: string | undefined;
}

/**
 * The instants of the list's range, worked out when the list is fetched (a window counts back
 * from then): China days from 00:00 of the first to 24:00 of the last.
 */
export function rangeOf(
  q: Pick<TGatewayLogListQuery, 'window' | 'from' | 'to'>,
  now = Date.now(),
): { from: string; to: string } {
  if (q.from || q.to) {
    const first = q.from ?? q.to ?? '';
    const last = q.to ?? q.from ?? '';
    const to = new Date(new Date(`${last}T00:00:00+08:00`).getTime() + 86_400_000);
    return { from: new Date(`${first}T00:00:00+08:00`).toISOString(), to: to.toISOString() };
  }
  const ms = GATEWAY_LOG_WINDOWS.find((w) => w.value === (q.window ?? '1h'))?.ms ?? 3_600_000;
  return { from: new Date(now - ms).toISOString(), to: new Date(now).toISOString() };
}

/** The filters as the API takes them: the window or days as the instants of the range. */
function apiFiltersOf<Q extends Omit<TGatewayLogListQuery, 'page' | 'limit'>>(q: Q) {
  const { window: _window, from: _from, to: _to, ...filters } = q;
  return { ...filters, ...rangeOf(q) };
}

export const getGatewayLog = (q: TGatewayLogListQuery, signal?: AbortSignal) =>
  opsRequest<TGatewayLogPage>('GET', API.ops.gatewayLogPage, apiFiltersOf(q), signal ? { signal } : {});

/**
 * 导出: the list's filters as a job of the operators' 下载中心, the range fixed when asked (a
 * window counts back from then); its list is refreshed, so an open 下载中心 shows the new job.
 */
export function useExportGatewayLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (q: Omit<TGatewayLogListQuery, 'page' | 'limit'>) =>
      opsRequest<TExportJob>('POST', API.ops.gatewayLogExport, apiFiltersOf(q)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsExportsQueryOptions().queryKey }),
  });
}

export const gatewayLogQueryOptions = (q: TGatewayLogListQuery) =>
  queryOptions({
    queryKey: ['ops', 'gatewayLog', 'list', q],
    queryFn: ({ signal }) => getGatewayLog(q, signal),
    ...LIST_QUERY_OPTIONS,
  });

export const useGatewayLog = (q: TGatewayLogListQuery) => useQuery(gatewayLogQueryOptions(q));

export const gatewayLogRequestQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: ['ops', 'gatewayLog', 'request', requestId],
    queryFn: ({ signal }) =>
      opsRequest<TGatewayLogDetail>('GET', apiPath(API.ops.gatewayLogOne, { requestId }), undefined, { signal }),
  });

export const useGatewayLogRequest = (requestId: string) => useQuery(gatewayLogRequestQueryOptions(requestId));
