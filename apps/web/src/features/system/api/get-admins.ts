import { API, type TAdminRow, type TAdminStatus, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

/** Query of GET /api/admin/user/page (ZAdminQuery). */
export interface TAdminListQuery {
  page: number;
  limit: number;
  username?: string | undefined;
  name?: string | undefined;
  mobile?: string | undefined;
  status?: TAdminStatus | undefined;
  roleId?: number | undefined;
}

export function getAdmins(query: TAdminListQuery): Promise<TPage<TAdminRow>> {
  return request<TPage<TAdminRow>>('GET', API.admin.page, query);
}

/** Without a query: the key prefix of every admin page, for invalidation. */
export const adminsQueryOptions = (query?: TAdminListQuery) =>
  queryOptions({
    queryKey: query ? ['system', 'admins', query] : ['system', 'admins'],
    queryFn: () => getAdmins(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useAdmins = (query: TAdminListQuery) => useQuery(adminsQueryOptions(query));
