import { API, apiPath, type TAdvert } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getAdvert(id: number): Promise<TAdvert> {
  return request<TAdvert>('GET', apiPath(API.content.advert, { id }));
}

/** Without an id: the key prefix of every detail, for invalidation. */
export const advertQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['content', 'advert'] : ['content', 'advert', id],
    queryFn: () => getAdvert(id ?? 0),
    enabled: id !== undefined,
  });

export const useAdvert = (id: number | undefined) => useQuery(advertQueryOptions(id));
