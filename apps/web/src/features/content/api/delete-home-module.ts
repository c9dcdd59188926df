import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeContentQueryKey } from './invalidate-content.ts';
import { homeModulesQueryOptions } from './get-home-modules.ts';

export function deleteHomeModule(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.content.module, { id }));
}

export function useDeleteHomeModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHomeModule,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: homeModulesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeContentQueryKey }),
      ]),
  });
}
