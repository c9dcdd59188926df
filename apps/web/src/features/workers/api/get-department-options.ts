import type { TDepartmentOption } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getDepartmentOptions(): Promise<TDepartmentOption[]> {
  return request<TDepartmentOption[]>('GET', '/api/companystaff/department/options');
}

export const departmentOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['workers', 'departmentOptions'], queryFn: getDepartmentOptions });

export const useDepartmentOptions = () => useQuery(departmentOptionsQueryOptions());
