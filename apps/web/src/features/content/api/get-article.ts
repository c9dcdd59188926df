import { API, apiPath, type TArticle } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getArticle(id: number): Promise<TArticle> {
  return request<TArticle>('GET', apiPath(API.content.article, { id }));
}

/** Without an id: the key prefix of every detail, for invalidation. */
export const articleQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['content', 'article'] : ['content', 'article', id],
    queryFn: () => getArticle(id ?? 0),
    enabled: id !== undefined,
  });

export const useArticle = (id: number | undefined) => useQuery(articleQueryOptions(id));
