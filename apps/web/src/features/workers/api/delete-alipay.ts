import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

export function deleteAlipay({ workerId, accountId }: { workerId: number; accountId: number }): Promise<null> {
  return request<null>('DELETE', apiPath(API.worker.alipay, { id: workerId, accountId }));
}

export function useDeleteAlipay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlipay,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
