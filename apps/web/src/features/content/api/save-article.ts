import { API, apiPath, type TArticle, type TArticleBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeContentQueryKey } from './invalidate-content.ts';
import { articleQueryOptions } from './get-article.ts';
import { articlesQueryOptions } from './get-articles.ts';

/** Adds (no id) or saves (with an id) a whole article. */
export function saveArticle({ id, body }: { id?: number; body: TArticleBody }): Promise<TArticle> {
  return id === undefined
    ? request<TArticle>('POST', API.content.articleCreate, body, { fieldErrorsToForm: true })
    : request<TArticle>('PUT', apiPath(API.content.article, { id }), body, { fieldErrorsToForm: true });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articlesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: articleQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeContentQueryKey }),
      ]),
  });
}
