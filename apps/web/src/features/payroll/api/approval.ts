import { API, apiPath, type TApprovalRequest } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { PAYROLL_KEY } from './batches.ts';

/** 同意 or 驳回 the current step of an approval; the batch and 待我审批 refresh. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, comment }: { id: number; decision: 'approve' | 'reject'; comment: string }) =>
      request<TApprovalRequest>(
        'POST',
        apiPath(decision === 'approve' ? API.approval.approve : API.approval.reject, { id }),
        {
          comment,
        },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PAYROLL_KEY });
      await queryClient.invalidateQueries({ queryKey: ['approval'] });
    },
  });
}
