import { API, apiPath, type TRole, type TRoleBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { adminsQueryOptions } from './get-admins.ts';
import { roleOptionsQueryOptions } from './get-role-options.ts';
import { rolesQueryOptions } from './get-roles.ts';
import { roleRemoteOptions } from './search-role-options.ts';

export function updateRole({ id, body }: { id: number; body: TRoleBody }): Promise<TRole> {
  return request<TRole>('PUT', apiPath(API.role.one, { id }), body);
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: roleOptionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: roleRemoteOptions.queryKey }),
        // Admin rows show their roles' names.
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
      ]);
    },
  });
}
