import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

/** One default payout account per worker across channels: the previous default is cleared. */
export function setDefaultBankCard({ workerId, cardId }: { workerId: number; cardId: number }): Promise<unknown> {
  return request<unknown>('PUT', apiPath(API.worker.bankCardDefault, { id: workerId, accountId: cardId }));
}

export function useSetDefaultBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultBankCard,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
