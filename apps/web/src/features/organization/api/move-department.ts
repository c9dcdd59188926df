import { API, apiPath, type TMoveDepartmentBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateOrganization } from './invalidate-organization.ts';

/** Under `parentId` (null: top level) at `index` among its siblings; a loop is refused (40000). */
export function moveDepartment({ id, ...body }: { id: number } & TMoveDepartmentBody): Promise<null> {
  return request<null>('PUT', apiPath(API.organization.move, { id }), body);
}

export function useMoveDepartment() {
  const queryClient = useQueryClient();
  // Refetched after a refusal too: the tree shown goes back to the server's.
  return useMutation({ mutationFn: moveDepartment, onSettled: () => invalidateOrganization(queryClient) });
}
