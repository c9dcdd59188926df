import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeContentQueryKey } from './invalidate-content.ts';
import { advertsQueryOptions } from './get-adverts.ts';

export function deleteAdvert(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.content.advert, { id }));
}

export function useDeleteAdvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdvert,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: advertsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeContentQueryKey }),
      ]),
  });
}
