import { API, apiPath, type TWorkerAgreement } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** A worker's agreements with the service companies (签约记录), newest first. */
export function getAgreements(id: number): Promise<TWorkerAgreement[]> {
  return request<TWorkerAgreement[]>('GET', apiPath(API.worker.agreements, { id }));
}

/** Without an id: the key prefix of every worker's agreements, for invalidation. */
export const agreementsQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['workers', 'agreements'] : ['workers', 'agreements', id],
    queryFn: () => getAgreements(id ?? 0),
    enabled: id !== undefined,
  });

/** Polled every two seconds while one is 待发送 or 签约中. */
export const useAgreements = (id: number) =>
  useQuery({
    ...agreementsQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.status === 'queued' || a.status === 'signing') ? 2_000 : false,
  });
