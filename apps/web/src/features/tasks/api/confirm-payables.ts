import { API, type TTaskConfirmBody, type TTaskConfirmResult } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateTasks } from './invalidate-tasks.ts';

/** 任务确认 → 发起发放: the amounts become a payroll batch (草稿, source 任务确认). */
export function confirmPayables(body: TTaskConfirmBody) {
  return request<TTaskConfirmResult>('POST', API.task.confirm, body, { fieldErrorsToForm: true });
}

/** The payable lists and, since a batch was made, 薪酬发放's reads (under `payroll`) refresh. */
export function useConfirmPayables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayables,
    onSuccess: async () => {
      await invalidateTasks(queryClient);
      await queryClient.invalidateQueries({ queryKey: ['payroll'] });
    },
  });
}
