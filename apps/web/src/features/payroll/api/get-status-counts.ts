import { API, type TPayrollStatusCount } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** How many batches each status tab of 薪酬发放 holds. */
export function getStatusCounts(): Promise<TPayrollStatusCount[]> {
  return request<TPayrollStatusCount[]>('GET', API.payroll.statusCounts);
}

export const statusCountsQueryOptions = () =>
  queryOptions({ queryKey: ['payroll', 'statusCounts'], queryFn: getStatusCounts });

export const useStatusCounts = () => useQuery(statusCountsQueryOptions());
