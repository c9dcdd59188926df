import { API, apiPath, type THomeModule } from '@flexpay/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export function getHomeModule(id: number): Promise<THomeModule> {
  return request<THomeModule>('GET', apiPath(API.content.module, { id }));
}

/** Without an id: the key prefix of every detail, for invalidation. */
export const homeModuleQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: id === undefined ? ['content', 'homeModule'] : ['content', 'homeModule', id],
    queryFn: () => getHomeModule(id ?? 0),
    enabled: id !== undefined,
  });

export const useHomeModule = (id: number | undefined) => useQuery(homeModuleQueryOptions(id));
