import { API, type TDepartmentNode } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The company's departments with head counts (including every department under each). */
export function getDepartmentTree(): Promise<TDepartmentNode[]> {
  return request<TDepartmentNode[]>('GET', API.organization.tree);
}

export const departmentTreeQueryOptions = () =>
  queryOptions({ queryKey: ['organization', 'tree'], queryFn: getDepartmentTree, staleTime: 0 });

export const useDepartmentTree = () => useQuery(departmentTreeQueryOptions());
