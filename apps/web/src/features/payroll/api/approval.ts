import { API, apiPath, type TApprovalRequest } from '@flexpay/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { PAYROLL_KEY } from './batches.ts';

/** Every approval query starts with this key (the top bar's 待我审批 shares it). */
const APPROVAL_KEY = ['approval'] as const;

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
      await queryClient.invalidateQueries({ queryKey: APPROVAL_KEY });
    },
  });
}

/** The payroll batches waiting for the viewer's decision (薪酬发放's 待我审批), refreshed every minute. */
export const usePendingBatchApprovals = () =>
  useQuery({
    queryKey: [...APPROVAL_KEY, 'pending'],
    queryFn: () => request<TApprovalRequest[]>('GET', API.approval.pending, undefined, { silent: true }),
    select: (requests) => requests.filter((r) => r.subject.kind === 'payroll_batch'),
    refetchInterval: 60_000,
  });
