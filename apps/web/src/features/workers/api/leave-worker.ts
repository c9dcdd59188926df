import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { workerQueryOptions } from './get-worker.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

/** 离职 on `leftAt` (YYYY-MM-DD, ZLeaveBody). */
export function leaveWorker({ id, leftAt }: { id: number; leftAt: string }): Promise<unknown> {
  return request<unknown>('PUT', apiPath(API.worker.leave, { id }), { leftAt });
}

export function useLeaveWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWorker,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: workerQueryOptions().queryKey }),
      ]);
    },
  });
}
