import { API, apiPath, type TAdminRow } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getAdmin(id: number): Promise<TAdminRow> {
  return request<TAdminRow>('GET', apiPath(API.admin.one, { id }));
}

/** Without an id: the key prefix of every admin detail, for invalidation. */
export const adminQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['system', 'admin'] : ['system', 'admin', id],
    queryFn: () => getAdmin(id ?? 0),
    enabled: id !== undefined,
  });

export const useAdmin = (id: number | undefined) => useQuery(adminQueryOptions(id));
