import { API, type TBulkAnswerBody, type TBulkResult } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 任务中心: 批量记录接单 or 拒绝 (all or nothing). */
export function bulkAnswer(body: TBulkAnswerBody) {
  return request<TBulkResult>('POST', API.task.centerAnswer, body);
}

export function useBulkAnswer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkAnswer, onSuccess: () => invalidateTasks(queryClient) });
}
