import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

export function deleteBankCard({ workerId, cardId }: { workerId: number; cardId: number }): Promise<null> {
  return request<null>('DELETE', `/api/companystaff/employee/${workerId}/bankCard/${cardId}`);
}

export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankCard,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
