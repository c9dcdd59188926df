import { API, apiPath, type TInvoiceApplicationDetail } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 开票详情: the application, its batches, the invoice and the courier. */
export function getInvoice(id: number): Promise<TInvoiceApplicationDetail> {
  return request<TInvoiceApplicationDetail>('GET', apiPath(API.invoice.one, { id }));
}

export const useInvoice = (id: number | undefined) =>
  useQuery({ queryKey: ['invoices', 'detail', id], queryFn: () => getInvoice(id ?? 0), enabled: id !== undefined });
