import { API, type TPage, type TRole } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

/** Query of GET /api/admin/role/page (ZRoleQuery). */
export interface TRoleListQuery {
  page: number;
  limit: number;
  name?: string | undefined;
}

export function getRoles(query: TRoleListQuery): Promise<TPage<TRole>> {
  return request<TPage<TRole>>('GET', API.role.page, query);
}

/** Without a query: the key prefix of every role page, for invalidation. */
export const rolesQueryOptions = (query?: TRoleListQuery) =>
  queryOptions({
    queryKey: query ? ['system', 'roles', query] : ['system', 'roles'],
    queryFn: () => getRoles(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useRoles = (query: TRoleListQuery) => useQuery(rolesQueryOptions(query));
