import { API, type TMenuAll } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** Every grantable menu and element: the catalogue, which changes only with a release. */
export function getMenuAll(): Promise<TMenuAll> {
  return request<TMenuAll>('GET', API.user.menuAll);
}

export const menuAllQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'menuAll'], queryFn: getMenuAll, staleTime: Infinity });

export const useMenuAll = () => useQuery(menuAllQueryOptions());
