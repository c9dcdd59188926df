import {
  API,
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  type TPage,
  type TReconcileAlerts,
  type TReconcileDay,
  type TReconcileDayStatus,
  type TReconcileDifference,
  type TReconcileResolution,
  type TReconcileRunResult,
  type TResolveDifferenceResult,
} from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsReconcileDayQuery {
  page: number;
  limit: number;
  serviceCompanyId?: number | undefined;
  status?: TReconcileDayStatus | undefined;
  open?: 'true' | undefined;
}

export const getReconcileDays = (query: TOpsReconcileDayQuery, signal?: AbortSignal) =>
  opsRequest<TPage<TReconcileDay>>('GET', API.ops.reconcileDayPage, query, signal ? { signal } : {});

export const reconcileDaysQueryOptions = (query?: TOpsReconcileDayQuery) =>
  queryOptions({
    queryKey: query ? ['ops', 'reconcile', 'days', query] : ['ops', 'reconcile', 'days'],
    queryFn: ({ signal }) => getReconcileDays(query ?? { page: 1, limit: 10 }, signal),
    ...LIST_QUERY_OPTIONS,
  });

export const useReconcileDays = (query: TOpsReconcileDayQuery) => useQuery(reconcileDaysQueryOptions(query));

/** A day's differences, all on one page (a day holds few). */
export const reconcileDifferencesQueryOptions = (dayId?: number) =>
  queryOptions({
    queryKey: dayId === undefined ? ['ops', 'reconcile', 'differences'] : ['ops', 'reconcile', 'differences', dayId],
    queryFn: ({ signal }) =>
      opsRequest<TPage<TReconcileDifference>>(
        'GET',
        apiPath(API.ops.reconcileDifferences, { id: dayId as number }),
        { page: 1, limit: 200 },
        { signal },
      ),
    enabled: dayId !== undefined,
    staleTime: 0,
  });

/** The operators' alert (open differences, refused statements) and the service companies, every minute. */
export const reconcileAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'reconcile', 'alerts'],
    // Silent: the alert is a hint on every screen; a failure shows nothing.
    queryFn: ({ signal }) =>
      opsRequest<TReconcileAlerts>('GET', API.ops.reconcileAlerts, undefined, { signal, silent: true }),
    refetchInterval: 60_000,
  });

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['ops', 'reconcile'] });
}

export function resolveDifference({
  id,
  resolution,
  reason,
  idempotencyKey,
}: {
  id: number;
  resolution: TReconcileResolution;
  reason: string;
  idempotencyKey: string;
}) {
  return opsRequest<TResolveDifferenceResult>(
    'POST',
    apiPath(API.ops.reconcileResolve, { id }),
    { resolution, reason },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, fieldErrorsToForm: true },
  );
}

export function useResolveDifference() {
  const after = useAfterChange();
  return useMutation({ mutationFn: resolveDifference, onSuccess: after });
}

export function runReconcile(body: { serviceCompanyId: number; day: string }) {
  return opsRequest<TReconcileRunResult>('POST', API.ops.reconcileRun, body, { fieldErrorsToForm: true });
}

export function useRunReconcile() {
  const after = useAfterChange();
  return useMutation({ mutationFn: runReconcile, onSuccess: after });
}
