import { API, apiPath, type TRealNameCheck } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateWorker } from './invalidate-worker.ts';

/** 重新认证: the worker's real-name verification queued again (认证中). */
export function verifyWorker(id: number): Promise<TRealNameCheck> {
  return request<TRealNameCheck>('POST', apiPath(API.worker.realNameVerify, { id }));
}

export function useVerifyWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyWorker,
    onSuccess: (_check, id) => invalidateWorker(queryClient, id),
  });
}
