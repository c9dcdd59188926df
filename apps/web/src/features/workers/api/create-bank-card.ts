import { API, apiPath, type TBankCard, type TBankCardBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

/** The holder is the worker: the server takes the worker's name. */
export function createBankCard({ workerId, body }: { workerId: number; body: TBankCardBody }): Promise<TBankCard> {
  return request<TBankCard>('POST', apiPath(API.worker.bankCards, { id: workerId }), body);
}

export function useCreateBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankCard,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
