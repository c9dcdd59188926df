import { API, apiPath, type TUpdateWorkerBody, type TWorkerDetail } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { jobTypesQueryOptions } from './get-job-types.ts';
import { workerQueryOptions } from './get-worker.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

export function updateWorker({ id, body }: { id: number; body: TUpdateWorkerBody }): Promise<TWorkerDetail> {
  return request<TWorkerDetail>('PUT', apiPath(API.worker.one, { id }), body, {
    // The edit form puts the server's field messages under its fields, so no toast repeats them.
    fieldErrorsToForm: true,
  });
}

export function useUpdateWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorker,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workerQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: jobTypesQueryOptions().queryKey }),
      ]);
    },
  });
}
