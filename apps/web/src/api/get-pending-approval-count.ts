import { API } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../lib/request.ts';

/** How many approvals wait for the viewer (the top bar's 待我审批 badge); silent, as it is polled. */
export function getPendingApprovalCount(): Promise<{ count: number }> {
  return request<{ count: number }>('GET', API.approval.pendingCount, undefined, { silent: true });
}

/** Refreshed every minute; a decision anywhere invalidates it at once. */
export const pendingApprovalCountQueryOptions = () =>
  queryOptions({
    queryKey: ['approval', 'pendingCount'],
    queryFn: getPendingApprovalCount,
    refetchInterval: 60_000,
  });

export const usePendingApprovalCount = () => useQuery(pendingApprovalCountQueryOptions());
