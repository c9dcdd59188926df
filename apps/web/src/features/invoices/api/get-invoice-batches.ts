import { API, type TInvoiceBatch, type TInvoiceBatchQuery, type TPage } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TInvoiceBatchListQuery = Omit<TInvoiceBatchQuery, 'page' | 'limit'> & { page: number; limit: number };

/** 选择订单: paid batches with their invoiceable amounts. */
export function getInvoiceBatches(query: TInvoiceBatchListQuery): Promise<TPage<TInvoiceBatch>> {
  return request<TPage<TInvoiceBatch>>('GET', API.invoice.batches, query);
}

export const useInvoiceBatches = (query: TInvoiceBatchListQuery, enabled = true) =>
  useQuery({
    queryKey: ['invoices', 'batches', query],
    queryFn: () => getInvoiceBatches(query),
    enabled,
    ...LIST_QUERY_OPTIONS,
  });
