import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

export function deleteBankCard({ workerId, cardId }: { workerId: number; cardId: number }): Promise<null> {
  return request<null>('DELETE', apiPath(API.worker.bankCard, { id: workerId, accountId: cardId }));
}

export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankCard,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
