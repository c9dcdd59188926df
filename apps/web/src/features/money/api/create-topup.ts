import { API, IDEMPOTENCY_KEY_HEADER, type TTopup, type TTopupBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { topupsQueryOptions } from './get-topups.ts';

/**
 * 账户充值. `idempotencyKey` is one per user intent: the same key on a retry or a second click
 * makes the server answer the first request's top-up instead of registering another.
 */
export function createTopup({ body, idempotencyKey }: { body: TTopupBody; idempotencyKey: string }): Promise<TTopup> {
  return request<TTopup>('POST', API.money.topupCreate, body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    fieldErrorsToForm: true,
  });
}

export function useCreateTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryOptions().queryKey }),
  });
}
