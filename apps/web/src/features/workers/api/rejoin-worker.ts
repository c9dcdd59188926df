import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { workerQueryOptions } from './get-worker.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

/** 恢复在职: back to active, the leaving date cleared. */
export function rejoinWorker(id: number): Promise<unknown> {
  return request<unknown>('PUT', apiPath(API.worker.rejoin, { id }));
}

export function useRejoinWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejoinWorker,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: workerQueryOptions().queryKey }),
      ]);
    },
  });
}
