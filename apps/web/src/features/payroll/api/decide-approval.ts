import { API, apiPath, type TApprovalRequest } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pendingApprovalCountQueryOptions } from '../../../api/get-pending-approval-count.ts';
import { pendingApprovalsQueryOptions } from '../../../api/get-pending-approvals.ts';
import { request } from '../../../lib/request.ts';
import { invalidatePayroll } from './invalidate-payroll.ts';

export interface TDecision {
  /** The approval request's id. */
  id: number;
  decision: 'approve' | 'reject';
  comment: string;
}

/** 同意 or 驳回 the current step of an approval. */
export function decideApproval({ id, decision, comment }: TDecision): Promise<TApprovalRequest> {
  const path = decision === 'approve' ? API.approval.approve : API.approval.reject;
  return request<TApprovalRequest>('POST', apiPath(path, { id }), { comment });
}

/** The batch and 待我审批 (the list and the top bar's count) refresh. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSuccess: async () => {
      await invalidatePayroll(queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingApprovalsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: pendingApprovalCountQueryOptions().queryKey }),
      ]);
    },
  });
}
