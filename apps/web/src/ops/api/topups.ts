import {
  API,
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  type TPage,
  type TTopup,
  type TTopupStatus,
} from '@flexpay/contract/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsTopupQuery {
  page: number;
  limit: number;
  status?: TTopupStatus | undefined;
  companyId?: number | undefined;
}

export const getOpsTopups = (query: TOpsTopupQuery, signal?: AbortSignal) =>
  opsRequest<TPage<TTopup>>('GET', API.ops.topupPage, query, signal ? { signal } : {});

export const getOpsTopup = (id: number) => opsRequest<TTopup>('GET', apiPath(API.ops.topupOne, { id }));

/** The voucher's bytes, fetched with the operator token (an <img> cannot send it). */
export const getTopupVoucher = (id: number, signal?: AbortSignal) =>
  opsRequest<Blob>('GET', apiPath(API.ops.topupVoucher, { id }), undefined, {
    responseType: 'blob',
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const opsTopupsQueryOptions = (query?: TOpsTopupQuery) =>
  queryOptions({
    queryKey: query ? ['ops', 'topups', 'list', query] : ['ops', 'topups', 'list'],
    queryFn: ({ signal }) => getOpsTopups(query ?? { page: 1, limit: 10, status: 'pending' }, signal),
    ...LIST_QUERY_OPTIONS,
  });

export const useOpsTopups = (query: TOpsTopupQuery) => useQuery(opsTopupsQueryOptions(query));

export const opsTopupQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['ops', 'topups', 'one'] : ['ops', 'topups', 'one', id],
    queryFn: () => getOpsTopup(id as number),
    enabled: id !== undefined,
    staleTime: 0,
  });

export function confirmTopup({ id, idempotencyKey }: { id: number; idempotencyKey: string }) {
  return opsRequest<TTopup>('POST', apiPath(API.ops.topupConfirm, { id }), undefined, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function rejectTopup({ id, reason, idempotencyKey }: { id: number; reason: string; idempotencyKey: string }) {
  return opsRequest<TTopup>(
    'POST',
    apiPath(API.ops.topupReject, { id }),
    { reason },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, fieldErrorsToForm: true },
  );
}

/** After a decision: the row shows its new status at once, then the queue and the row are fetched again. */
function useAfterDecision() {
  const queryClient = useQueryClient();
  return async (topup: TTopup) => {
    queryClient.setQueryData(opsTopupQueryOptions(topup.id).queryKey, topup);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: opsTopupsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: opsTopupQueryOptions().queryKey }),
    ]);
  };
}

export function useConfirmTopup() {
  const after = useAfterDecision();
  return useMutation({ mutationFn: confirmTopup, onSuccess: after });
}

export function useRejectTopup() {
  const after = useAfterDecision();
  return useMutation({ mutationFn: rejectTopup, onSuccess: after });
}
