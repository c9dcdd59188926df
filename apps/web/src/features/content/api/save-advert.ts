import { API, apiPath, type TAdvert, type TAdvertBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeContentQueryKey } from './invalidate-content.ts';
import { advertQueryOptions } from './get-advert.ts';
import { advertsQueryOptions } from './get-adverts.ts';

/** Adds (no id) or saves (with an id) a whole advert. */
export function saveAdvert({ id, body }: { id?: number; body: TAdvertBody }): Promise<TAdvert> {
  return id === undefined
    ? request<TAdvert>('POST', API.content.advertCreate, body, { fieldErrorsToForm: true })
    : request<TAdvert>('PUT', apiPath(API.content.advert, { id }), body, { fieldErrorsToForm: true });
}

export function useSaveAdvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdvert,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: advertsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: advertQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeContentQueryKey }),
      ]),
  });
}
