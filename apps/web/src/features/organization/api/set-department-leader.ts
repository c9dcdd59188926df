import { API, apiPath, type TDepartmentLeaderBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateOrganization } from './invalidate-organization.ts';

export function setDepartmentLeader({ id, leader }: { id: number } & TDepartmentLeaderBody): Promise<null> {
  return request<null>('PUT', apiPath(API.organization.leader, { id }), { leader });
}

export function useSetDepartmentLeader() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDepartmentLeader, onSuccess: () => invalidateOrganization(queryClient) });
}
