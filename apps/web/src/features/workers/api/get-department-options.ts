import { API, type TDepartmentOption } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TTreeOptionsState } from '../../../lib/list-filters.ts';
import { request } from '../../../lib/request.ts';
import { toDepartmentTree } from './department-tree.ts';

export function getDepartmentOptions(): Promise<TDepartmentOption[]> {
  return request<TDepartmentOption[]>('GET', API.worker.departmentOptions);
}

export const departmentOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['workers', 'departmentOptions'], queryFn: getDepartmentOptions });

export const useDepartmentOptions = () => useQuery(departmentOptionsQueryOptions());

/** The departments as a tree, for the 部门 filter. */
export function useDepartmentTree(): TTreeOptionsState {
  const departments = useDepartmentOptions();
  const treeData = useMemo(() => toDepartmentTree(departments.data ?? []), [departments.data]);
  return { treeData, isPending: departments.isPending, isError: departments.isError };
}
