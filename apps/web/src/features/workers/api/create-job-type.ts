import { API, type TJobType, type TJobTypeBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateJobTypes } from './invalidate-job-types.ts';

export function createJobType(body: TJobTypeBody): Promise<TJobType> {
  return request<TJobType>('POST', API.jobType.create, body);
}

export function useCreateJobType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createJobType, onSuccess: () => invalidateJobTypes(queryClient) });
}
