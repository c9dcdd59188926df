import { API, apiPath, type TAssignBody, type TAssignResult } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 选择人员: adds the workers picked (by id, or all matching the filter) to the task. */
export function assignWorkers({ taskId, body }: { taskId: number; body: TAssignBody }) {
  return request<TAssignResult>('POST', apiPath(API.task.assign, { id: taskId }), body);
}

export function useAssignWorkers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignWorkers, onSuccess: () => invalidateTasks(queryClient) });
}
