import { API, type TBalance } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getBalances(): Promise<TBalance[]> {
  return request<TBalance[]>('GET', API.money.balance);
}

/** Always fetched again when shown: a balance is never served stale from the cache. */
export const balancesQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'balances'], queryFn: getBalances, staleTime: 0 });

export const useBalances = () => useQuery(balancesQueryOptions());
