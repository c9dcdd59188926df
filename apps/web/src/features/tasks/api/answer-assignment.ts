import { API, apiPath, type TBulkResult } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** Records a worker's answer: 接单, or 拒绝 (the assignment is removed). */
export function answerAssignment({ id, accept }: { id: number; accept: boolean }) {
  return request<TBulkResult>('POST', apiPath(API.task.answer, { id }), { accept });
}

export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerAssignment, onSuccess: () => invalidateTasks(queryClient) });
}
