import { API, type TCreateWorkerBody, type TWorkerDetail } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { jobTypesQueryOptions } from './get-job-types.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

export function createWorker(body: TCreateWorkerBody): Promise<TWorkerDetail> {
  return request<TWorkerDetail>('POST', API.worker.create, body, {
    // 添加员工 puts the server's field messages under its fields, so no toast repeats them.
    fieldErrorsToForm: true,
  });
}

export function useCreateWorker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorker,
    onSuccess: async () => {
      // Job type rows count their workers.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: jobTypesQueryOptions().queryKey }),
      ]);
    },
  });
}
