import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateOrganization } from './invalidate-organization.ts';

/** A department with departments or workers under it is refused (40900, the reason shown). */
export function deleteDepartment(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.organization.one, { id }));
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDepartment, onSuccess: () => invalidateOrganization(queryClient) });
}
