import { API, type TPage, type TArticle } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_QUERY_OPTIONS } from '../../../lib/query-client.ts';
import { request } from '../../../lib/request.ts';

export type TArticleQuery = { page: number; limit: number } & Record<string, string | number | undefined>;

export function getArticles(query: TArticleQuery): Promise<TPage<TArticle>> {
  return request<TPage<TArticle>>('GET', API.content.articlePage, query);
}

/** Without a query: the key prefix of every page, for invalidation. */
export const articlesQueryOptions = (query?: TArticleQuery) =>
  queryOptions({
    queryKey: query === undefined ? ['content', 'articles'] : ['content', 'articles', query],
    queryFn: () => getArticles(query ?? { page: 1, limit: 10 }),
    ...LIST_QUERY_OPTIONS,
  });

export const useArticles = (query: TArticleQuery) => useQuery(articlesQueryOptions(query));
