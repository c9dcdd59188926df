import { API, type TInvoiceInfo } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** 开票信息: the company's infos, the default first. */
export function getInvoiceInfos(): Promise<TInvoiceInfo[]> {
  return request<TInvoiceInfo[]>('GET', API.invoice.infoList);
}

export const useInvoiceInfos = () => useQuery({ queryKey: ['invoices', 'infos'], queryFn: getInvoiceInfos });
