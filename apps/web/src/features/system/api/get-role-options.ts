import { API, type TAdminRow } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** `{ id, name }` of a role (ZRoleOption). */
export type TRoleOption = TAdminRow['roles'][number];

export function getRoleOptions(): Promise<TRoleOption[]> {
  return request<TRoleOption[]>('GET', API.role.options);
}

export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'roleOptions'], queryFn: getRoleOptions });

export const useRoleOptions = () => useQuery(roleOptionsQueryOptions());
