import { API, apiPath, type TJobType, type TJobTypeBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateJobTypes } from './invalidate-job-types.ts';

/** The whole body, also to enable or disable a type. */
export function updateJobType({ id, body }: { id: number; body: TJobTypeBody }): Promise<TJobType> {
  return request<TJobType>('PUT', apiPath(API.jobType.one, { id }), body);
}

export function useUpdateJobType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateJobType, onSuccess: () => invalidateJobTypes(queryClient) });
}
