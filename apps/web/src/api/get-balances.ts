import { API, type TBalance } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../lib/request.ts';

/** The balances of the company's accounts, one per service company (资金账户, 批量支付, 支付确认). */
export function getBalances(): Promise<TBalance[]> {
  return request<TBalance[]>('GET', API.money.balance);
}

/** Always fetched again when shown: a balance is never served stale from the cache. */
export const balancesQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'balances'], queryFn: getBalances, staleTime: 0 });

/** `enabled: false` waits (e.g. until the screen knows it needs them). */
export const useBalances = (enabled = true) => useQuery({ ...balancesQueryOptions(), enabled });
