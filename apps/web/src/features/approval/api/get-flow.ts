import { API, apiPath, type TApprovalFlow, type TApprovalType } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The approval flow of one type (发放, 开票, 充值): its threshold and steps. */
export function getFlow(type: TApprovalType): Promise<TApprovalFlow> {
  return request<TApprovalFlow>('GET', apiPath(API.approval.flow, { type }));
}

export const flowQueryOptions = (type: TApprovalType) =>
  queryOptions({ queryKey: ['approval', 'flow', type], queryFn: () => getFlow(type) });

export const useFlow = (type: TApprovalType) => useQuery(flowQueryOptions(type));
