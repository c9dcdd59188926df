import { API, apiPath, type THomeModule, type THomeModuleBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeContentQueryKey } from './invalidate-content.ts';
import { homeModuleQueryOptions } from './get-home-module.ts';
import { homeModulesQueryOptions } from './get-home-modules.ts';

/** Adds (no id) or saves (with an id) a whole homeModule. */
export function saveHomeModule({ id, body }: { id?: number; body: THomeModuleBody }): Promise<THomeModule> {
  return id === undefined
    ? request<THomeModule>('POST', API.content.moduleCreate, body, { fieldErrorsToForm: true })
    : request<THomeModule>('PUT', apiPath(API.content.module, { id }), body, { fieldErrorsToForm: true });
}

export function useSaveHomeModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHomeModule,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: homeModulesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeModuleQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: homeContentQueryKey }),
      ]),
  });
}
