import { API, apiPath, type TAlipayAccount, type TAlipayBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

/** The holder is the worker: the server takes the worker's name. */
export function createAlipay({ workerId, body }: { workerId: number; body: TAlipayBody }): Promise<TAlipayAccount> {
  return request<TAlipayAccount>('POST', apiPath(API.worker.alipays, { id: workerId }), body);
}

export function useCreateAlipay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlipay,
    onSuccess: (_data, { workerId }) => invalidateWorker(queryClient, workerId),
  });
}
