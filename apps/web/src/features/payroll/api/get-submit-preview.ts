import { API, apiPath, type TApprovalPreview } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** What 确认提交 would start for a batch: straight to 待支付, or the approval's steps and approvers. */
export function getSubmitPreview(id: number): Promise<TApprovalPreview> {
  return request<TApprovalPreview>('GET', apiPath(API.payroll.submitPreview, { id }));
}

/** Without an id: the key prefix of every preview, for invalidation. */
export const submitPreviewQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['payroll', 'submitPreview'] : ['payroll', 'submitPreview', id],
    queryFn: () => getSubmitPreview(id ?? 0),
    enabled: id !== undefined && id > 0,
  });

export const useSubmitPreview = (id: number, enabled: boolean) =>
  useQuery({ ...submitPreviewQueryOptions(id), enabled: enabled && id > 0 });
