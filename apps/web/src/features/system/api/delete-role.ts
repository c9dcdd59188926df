import { API, apiPath } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { adminsQueryOptions } from './get-admins.ts';
import { roleOptionsQueryOptions } from './get-role-options.ts';
import { rolesQueryOptions } from './get-roles.ts';
import { roleRemoteOptions } from './search-role-options.ts';

/** Refused with 40900 for the owner's role and for a role still assigned to admins. */
export function deleteRole(id: number): Promise<null> {
  return request<null>('DELETE', apiPath(API.role.one, { id }));
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
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
