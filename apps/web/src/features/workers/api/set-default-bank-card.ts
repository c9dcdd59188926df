import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

/** One default payout account per worker across channels: the previous default is cleared. */
export function setDefaultBankCard({ workerId, cardId }: { workerId: number; cardId: number }): Promise<unknown> {
  return request<unknown>('PUT', `/api/companystaff/employee/${workerId}/bankCard/${cardId}/default`);
}

export function useSetDefaultBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultBankCard,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
