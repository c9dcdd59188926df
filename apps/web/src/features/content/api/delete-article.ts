import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeContentQueryKey } from './invalidate-content.ts';
import { articlesQueryOptions } from './get-articles.ts';

export function deleteArticle(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.content.article, { id }));
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articlesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeContentQueryKey }),
      ]),
  });
}
