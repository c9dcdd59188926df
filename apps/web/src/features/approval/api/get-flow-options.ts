import { API, type TApprovalFlowOptions } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** Whom a step may name: the company's roles and admins. */
export function getFlowOptions(): Promise<TApprovalFlowOptions> {
  return request<TApprovalFlowOptions>('GET', API.approval.flowOptions);
}

export const flowOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['approval', 'flowOptions'], queryFn: getFlowOptions });

export const useFlowOptions = () => useQuery(flowOptionsQueryOptions());
