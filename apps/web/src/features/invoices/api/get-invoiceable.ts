import { API, type TInvoiceable } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 可开票金额 per service company, with the type and contents it issues. */
export function getInvoiceable(): Promise<TInvoiceable[]> {
  return request<TInvoiceable[]>('GET', API.invoice.invoiceable);
}

export const useInvoiceable = () => useQuery({ queryKey: ['invoices', 'invoiceable'], queryFn: getInvoiceable });
