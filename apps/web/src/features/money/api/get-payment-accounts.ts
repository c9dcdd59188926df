import { API, type TPaymentAccount } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getPaymentAccounts(): Promise<TPaymentAccount[]> {
  return request<TPaymentAccount[]>('GET', API.money.paymentAccounts);
}

/** Fetched again whenever shown, so an account added in another tab is there. */
export const paymentAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'paymentAccounts'], queryFn: getPaymentAccounts, staleTime: 0 });

export const usePaymentAccounts = () => useQuery(paymentAccountsQueryOptions());
