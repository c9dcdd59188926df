import {
  API,
  type TPage,
  type TRealNameStatus,
  type TWorkerRow,
  type TWorkerSortField,
  type TWorkerStatus,
} from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../lib/query-client.ts';
import { request } from '../lib/request.ts';

/** The filters of GET /api/companystaff/employee/page (ZWorkerQuery without paging). */
export interface TWorkerListFilters {
  /** Prefix match. */
  name?: string | undefined;
  mobile?: string | undefined;
  /** Exact match on the full number. */
  idNumber?: string | undefined;
  jobTypeId?: number | undefined;
  departmentId?: number | undefined;
  status?: TWorkerStatus | undefined;
  realNameStatus?: TRealNameStatus | undefined;
  /** YYYY-MM-DD */
  joinedFrom?: string | undefined;
  /** YYYY-MM-DD */
  joinedTo?: string | undefined;
  sort?: TWorkerSortField | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface TWorkerListQuery extends TWorkerListFilters {
  page: number;
  limit: number;
}

/** 员工列表's pages, and 在职 workers for 薪酬发放's picker. */
export function getWorkers(query: TWorkerListQuery): Promise<TPage<TWorkerRow>> {
  return request<TPage<TWorkerRow>>('GET', API.worker.page, query);
}

/** Without a query: the key prefix of every worker page, for invalidation. */
export const workersQueryOptions = (query?: TWorkerListQuery) =>
  queryOptions({
    queryKey: query ? ['workers', 'list', query] : ['workers', 'list'],
    queryFn: () => getWorkers(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useWorkers = (query: TWorkerListQuery) => useQuery(workersQueryOptions(query));
