import {
  API,
  apiPath,
  type TApprovalFlow,
  type TApprovalFlowBody,
  type TApprovalFlowOptions,
  type TApprovalRequest,
  type TApprovalType,
} from '@flexpay/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export const useFlow = (type: TApprovalType) =>
  useQuery({
    queryKey: ['approval', 'flow', type],
    queryFn: () => request<TApprovalFlow>('GET', apiPath(API.approval.flow, { type })),
  });

export const useFlowOptions = () =>
  useQuery({
    queryKey: ['approval', 'flowOptions'],
    queryFn: () => request<TApprovalFlowOptions>('GET', API.approval.flowOptions),
  });

export function useSaveFlow(type: TApprovalType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApprovalFlowBody) =>
      request<TApprovalFlow>('PUT', apiPath(API.approval.flow, { type }), body, { fieldErrorsToForm: true }),
    onSuccess: (flow) => queryClient.setQueryData(['approval', 'flow', type], flow),
  });
}

/** 待我审批: how many approvals wait for the viewer (refreshed every minute) and which. */
export const usePendingCount = () =>
  useQuery({
    queryKey: ['approval', 'pendingCount'],
    queryFn: () => request<{ count: number }>('GET', API.approval.pendingCount, undefined, { silent: true }),
    refetchInterval: 60_000,
  });

export const usePending = (enabled: boolean) =>
  useQuery({
    queryKey: ['approval', 'pending'],
    queryFn: () => request<TApprovalRequest[]>('GET', API.approval.pending),
    enabled,
  });
