import { API, apiPath, type TPayrollBatchDetail } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getBatch(id: number): Promise<TPayrollBatchDetail> {
  return request<TPayrollBatchDetail>('GET', apiPath(API.payroll.one, { id }));
}

/** Without an id: the key prefix of every batch detail, for invalidation. */
export const batchQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['payroll', 'batch'] : ['payroll', 'batch', id],
    queryFn: () => getBatch(id ?? 0),
    enabled: id !== undefined && id > 0,
  });

export const useBatch = (id: number) => useQuery(batchQueryOptions(id));
