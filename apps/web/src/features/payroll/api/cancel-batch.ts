import { API, apiPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pendingApprovalCountQueryOptions } from '../../../api/get-pending-approval-count.ts';
import { pendingApprovalsQueryOptions } from '../../../api/get-pending-approvals.ts';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

/** 取消批次, with the reason the admin gave. */
export function cancelBatch({ id, reason }: { id: number; reason: string }) {
  return request<TPayrollBatch>('POST', apiPath(API.payroll.cancel, { id }), { reason });
}

/** The batch and 待我审批 (a 待审批 batch's approval ends with it) refresh. */
export function useCancelBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBatch,
    onSuccess: async () => {
      await invalidatePayroll(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingApprovalsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: pendingApprovalCountQueryOptions().queryKey }),
      ]);
    },
  });
}
