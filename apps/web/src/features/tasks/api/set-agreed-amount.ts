import { API, apiPath, type TAssignment, type TAssignmentAmountBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 修改约定金额 of one worker (before any delivery, within the task's budget). */
export function setAgreedAmount({ id, body }: { id: number; body: TAssignmentAmountBody }) {
  return request<TAssignment>('PUT', apiPath(API.task.assignmentAmount, { id }), body, {
    fieldErrorsToForm: true,
  });
}

export function useSetAgreedAmount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAgreedAmount, onSuccess: () => invalidateTasks(queryClient) });
}
