import { API, type TPage, type TGrantRecord, type TGrantRecordQuery } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TGrantRecordListQuery = TGrantRecordQuery & { page: number; limit: number };

/** 发放记录: every item of every batch. */
export function getGrantRecords(query: TGrantRecordListQuery): Promise<TPage<TGrantRecord>> {
  return request<TPage<TGrantRecord>>('GET', API.payroll.recordPage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const grantRecordsQueryOptions = (query?: TGrantRecordListQuery) =>
  queryOptions({
    queryKey: query ? ['payroll', 'records', query] : ['payroll', 'records'],
    queryFn: () => getGrantRecords(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useGrantRecords = (query: TGrantRecordListQuery) => useQuery(grantRecordsQueryOptions(query));
