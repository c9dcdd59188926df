import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { jobTypesQueryOptions } from './get-job-types.ts';
import { workerQueryOptions } from './get-worker.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

/** Only a worker never paid may be deleted (`canDelete`); otherwise 40900. */
export function deleteWorker(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.worker.one, { id }));
}

export function useDeleteWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorker,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: workerQueryOptions(id).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: jobTypesQueryOptions().queryKey }),
      ]);
    },
  });
}
