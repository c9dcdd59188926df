import { API, type TReceiptAmount, type TReceiptFilters } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How many receipts the filters match and their total (silent: the list shows its own failure). */
export function getReceiptAmount(filters: TReceiptFilters): Promise<TReceiptAmount> {
  return request<TReceiptAmount>('GET', API.payroll.receiptAmount, filters, { silent: true });
}

/** Without filters: the key prefix of every total, for invalidation. */
export const receiptAmountQueryOptions = (filters?: TReceiptFilters) =>
  queryOptions({
    queryKey: filters ? ['payroll', 'receiptAmount', filters] : ['payroll', 'receiptAmount'],
    queryFn: () => getReceiptAmount(filters ?? {}),
  });

export const useReceiptAmount = (filters: TReceiptFilters) => useQuery(receiptAmountQueryOptions(filters));
