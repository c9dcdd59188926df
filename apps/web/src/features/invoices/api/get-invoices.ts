import { API, type TInvoiceApplication, type TInvoiceQuery, type TPage } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TInvoiceListQuery = Omit<TInvoiceQuery, 'page' | 'limit'> & { page: number; limit: number };

/** 开票记录's pages. */
export function getInvoices(query: TInvoiceListQuery): Promise<TPage<TInvoiceApplication>> {
  return request<TPage<TInvoiceApplication>>('GET', API.invoice.page, query);
}

export const useInvoices = (query: TInvoiceListQuery) =>
  useQuery({ queryKey: ['invoices', 'list', query], queryFn: () => getInvoices(query), ...LIST_QUERY_OPTIONS });
