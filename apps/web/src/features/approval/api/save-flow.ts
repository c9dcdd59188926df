import { API, apiPath, type TApprovalFlow, type TApprovalFlowBody, type TApprovalType } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { flowQueryOptions } from './get-flow.ts';

export function saveFlow({ type, body }: { type: TApprovalType; body: TApprovalFlowBody }): Promise<TApprovalFlow> {
  return request<TApprovalFlow>('PUT', apiPath(API.approval.flow, { type }), body, { fieldErrorsToForm: true });
}

/** The server's answer is the saved flow: it replaces the cached one. */
export function useSaveFlow(type: TApprovalType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApprovalFlowBody) => saveFlow({ type, body }),
    onSuccess: (flow) => queryClient.setQueryData(flowQueryOptions(type).queryKey, flow),
  });
}
