import { API, apiPath, type TInvoiceInfo, type TInvoiceInfoBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateInvoices } from './invalidate-invoices.ts';

/** 新增 (without an id) or 编辑 an invoice info. */
export function saveInvoiceInfo({ id, body }: { id?: number; body: TInvoiceInfoBody }) {
  return id === undefined
    ? request<TInvoiceInfo>('POST', API.invoice.infoCreate, body)
    : request<TInvoiceInfo>('PUT', apiPath(API.invoice.infoOne, { id }), body);
}

export function useSaveInvoiceInfo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveInvoiceInfo, onSuccess: () => invalidateInvoices(queryClient) });
}

/** 删除 or 设为默认. */
export function changeInvoiceInfo({ id, action }: { id: number; action: 'delete' | 'default' }) {
  return action === 'delete'
    ? request<null>('DELETE', apiPath(API.invoice.infoOne, { id }))
    : request<TInvoiceInfo>('POST', apiPath(API.invoice.infoSetDefault, { id }));
}

export function useChangeInvoiceInfo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeInvoiceInfo, onSuccess: () => invalidateInvoices(queryClient) });
}
