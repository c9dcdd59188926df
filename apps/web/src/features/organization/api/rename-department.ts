import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateOrganization } from './invalidate-organization.ts';

export function renameDepartment({ id, name }: { id: number; name: string }): Promise<null> {
  return request<null>('PUT', apiPath(API.organization.one, { id }), { name });
}

export function useRenameDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameDepartment, onSuccess: () => invalidateOrganization(queryClient) });
}
