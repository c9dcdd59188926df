import { API, type TTaskBody, type TTaskDetail } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 发布需求: a new task, saved as 草稿. */
export function createTask(body: TTaskBody) {
  return request<TTaskDetail>('POST', API.task.create, body, { fieldErrorsToForm: true });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => invalidateTasks(queryClient) });
}
