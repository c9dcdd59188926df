import { API, type TRole, type TRoleBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { roleOptionsQueryOptions } from './get-role-options.ts';
import { rolesQueryOptions } from './get-roles.ts';
import { roleRemoteOptions } from './search-role-options.ts';

export function createRole(body: TRoleBody): Promise<TRole> {
  return request<TRole>('POST', API.role.create, body);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: roleOptionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: roleRemoteOptions.queryKey }),
      ]);
    },
  });
}
