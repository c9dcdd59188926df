import { API, apiPath, type TTopupDetail } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getTopup(id: number, signal?: AbortSignal): Promise<TTopupDetail> {
  return request<TTopupDetail>('GET', apiPath(API.money.topupOne, { id }), undefined, signal ? { signal } : {});
}

/** 充值详情: the top-up, its submitter, its approval and whether the viewer may withdraw it. */
export const topupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['money', 'topup', id],
    queryFn: ({ signal }) => getTopup(id, signal),
  });

export const useTopup = (id: number) => useQuery(topupQueryOptions(id));
