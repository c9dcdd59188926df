import { API, apiPath, type TInvoiceApplicationDetail, type TInvoiceApplyBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateInvoices } from './invalidate-invoices.ts';

/** 申请开票, or (with the id of a rejected application) 编辑开票申请's 重新提交. */
export function applyInvoice({ id, body }: { id?: number; body: TInvoiceApplyBody }) {
  return id === undefined
    ? request<TInvoiceApplicationDetail>('POST', API.invoice.apply, body)
    : request<TInvoiceApplicationDetail>('PUT', apiPath(API.invoice.one, { id }), body);
}

export function useApplyInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyInvoice, onSuccess: () => invalidateInvoices(queryClient) });
}
