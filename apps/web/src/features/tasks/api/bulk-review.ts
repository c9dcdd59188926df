import { API, type TBulkResult, type TBulkReviewBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 任务中心: 批量验收 the latest deliveries (pass at their amounts, or reject with a reason). */
export function bulkReview(body: TBulkReviewBody) {
  return request<TBulkResult>('POST', API.task.centerReview, body);
}

export function useBulkReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkReview, onSuccess: () => invalidateTasks(queryClient) });
}
