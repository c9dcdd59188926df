import { useQuery } from '@tanstack/react-query';
import { pendingApprovalsQueryOptions } from '../../../api/get-pending-approvals.ts';

/**
 * 薪酬发放's 待我审批: of the shared 待我审批 read, the payroll batches waiting for the viewer's
 * decision; refreshed every minute.
 */
export const usePendingBatchApprovals = () =>
  useQuery({
    ...pendingApprovalsQueryOptions(),
    select: (requests) => requests.filter((r) => r.subject.kind === 'payroll_batch'),
    refetchInterval: 60_000,
  });
