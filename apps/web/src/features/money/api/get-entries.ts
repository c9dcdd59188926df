import { API, type TLedgerEntry, type TLedgerEntryQuery, type TPage } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TEntryListQuery = TLedgerEntryQuery & { page: number; limit: number };

export function getEntries(query: TEntryListQuery): Promise<TPage<TLedgerEntry>> {
  return request<TPage<TLedgerEntry>>('GET', API.money.entries, query);
}

/** Without a query: the key prefix of every 资金明细 page, for invalidation. */
export const entriesQueryOptions = (query?: TEntryListQuery) =>
  queryOptions({
    queryKey: query ? ['money', 'entries', query] : ['money', 'entries'],
    queryFn: () => getEntries(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useEntries = (query: TEntryListQuery) => useQuery(entriesQueryOptions(query));
