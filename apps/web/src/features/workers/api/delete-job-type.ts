import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateJobTypes } from './invalidate-job-types.ts';

/** A type in use by workers is refused with 40900 (the request layer shows why). */
export function deleteJobType(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.jobType.one, { id }));
}

export function useDeleteJobType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteJobType, onSuccess: () => invalidateJobTypes(queryClient) });
}
