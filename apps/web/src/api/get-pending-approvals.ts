import { API, type TApprovalRequest } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../lib/request.ts';

/**
 * 待我审批: the approvals waiting for the viewer's decision, of every type (the top bar's drawer,
 * 薪酬发放's shortcut). Silent: it is read in the background, so a failure never toasts; a
 * screen that shows the list says so itself.
 */
export function getPendingApprovals(): Promise<TApprovalRequest[]> {
  return request<TApprovalRequest[]>('GET', API.approval.pending, undefined, { silent: true });
}

export const pendingApprovalsQueryOptions = () =>
  queryOptions({ queryKey: ['approval', 'pending'], queryFn: getPendingApprovals });

export const usePendingApprovals = (enabled = true) => useQuery({ ...pendingApprovalsQueryOptions(), enabled });
