import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 移除 a 待接单 worker from the task. */
export function removeAssignment(id: number) {
  return request<null>('DELETE', apiPath(API.task.assignment, { id }));
}

export function useRemoveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAssignment, onSuccess: () => invalidateTasks(queryClient) });
}
