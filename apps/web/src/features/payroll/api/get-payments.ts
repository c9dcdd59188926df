import { API, type TPage, type TPayment, type TPaymentQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TPaymentListQuery = TPaymentQuery & { page: number; limit: number };

/** 支付中心: every payout, by status and channel. */
export function getPayments(query: TPaymentListQuery): Promise<TPage<TPayment>> {
  return request<TPage<TPayment>>('GET', API.payroll.paymentPage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const paymentsQueryOptions = (query?: TPaymentListQuery) =>
  queryOptions({
    queryKey: query ? ['payroll', 'payments', query] : ['payroll', 'payments'],
    queryFn: () => getPayments(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const usePayments = (query: TPaymentListQuery) => useQuery(paymentsQueryOptions(query));
