import { API, type TOpsAuditRow, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../lib/query-client.ts';
import { opsRequest } from '../lib/ops-request.ts';

export interface TOpsAuditQuery {
  page: number;
  limit: number;
  action?: string | undefined;
  /** YYYY-MM-DD */
  from?: string | undefined;
  /** YYYY-MM-DD */
  to?: string | undefined;
}

export const getOpsAudit = (query: TOpsAuditQuery, signal?: AbortSignal) =>
  opsRequest<TPage<TOpsAuditRow>>('GET', API.ops.auditPage, query, signal ? { signal } : {});

export const opsAuditQueryOptions = (query: TOpsAuditQuery) =>
  queryOptions({
    queryKey: ['ops', 'audit', 'list', query],
    queryFn: ({ signal }) => getOpsAudit(query, signal),
    ...LIST_QUERY_OPTIONS,
  });

export const useOpsAudit = (query: TOpsAuditQuery) => useQuery(opsAuditQueryOptions(query));
