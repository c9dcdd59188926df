import { API, apiPath, type TAssignmentDetail, type TReviewBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 验收 one delivery: pass (at an amount) or reject with a reason. */
export function reviewDelivery({ deliveryId, body }: { deliveryId: number; body: TReviewBody }) {
  return request<TAssignmentDetail>('POST', apiPath(API.task.review, { id: deliveryId }), body);
}

export function useReviewDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewDelivery, onSuccess: () => invalidateTasks(queryClient) });
}
