import { API, apiPath, type TAssignmentDetail, type TDeliveryBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 上传成果 (or 重新提交 after a rejection) for a worker. */
export function deliver({ id, body }: { id: number; body: TDeliveryBody }) {
  return request<TAssignmentDetail>('POST', apiPath(API.task.deliver, { id }), body, { fieldErrorsToForm: true });
}

export function useDeliver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deliver, onSuccess: () => invalidateTasks(queryClient) });
}
