import { API, apiPath, type TTaskBody, type TTaskDetail } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 编辑任务: every field is sent; the server refuses a change to a locked one. */
export function updateTask({ id, body }: { id: number; body: TTaskBody }) {
  return request<TTaskDetail>('PUT', apiPath(API.task.one, { id }), body, { fieldErrorsToForm: true });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSuccess: () => invalidateTasks(queryClient) });
}
