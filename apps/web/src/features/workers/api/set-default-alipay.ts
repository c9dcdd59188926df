import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

/** One default payout account per worker across channels: the previous default is cleared. */
export function setDefaultAlipay({ workerId, accountId }: { workerId: number; accountId: number }): Promise<unknown> {
  return request<unknown>('PUT', apiPath(API.worker.alipayDefault, { id: workerId, accountId }));
}

export function useSetDefaultAlipay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAlipay,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
