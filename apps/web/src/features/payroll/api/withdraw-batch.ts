import { API, apiPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pendingApprovalCountQueryOptions } from '../../../api/get-pending-approval-count.ts';
import { pendingApprovalsQueryOptions } from '../../../api/get-pending-approvals.ts';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 撤回: a 待审批 batch back to 待确认; its approval ends. */
export function withdrawBatch(id: number) {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.withdraw, { id }));
}

/** The batch and 待我审批 (the list and the top bar's count) refresh. */
export function useWithdrawBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawBatch,
    onSuccess: async () => {
      await invalidatePayroll(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingApprovalsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: pendingApprovalCountQueryOptions().queryKey }),
      ]);
    },
  });
}
