import { API, type TAdminRow, type TCreateAdminBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { adminsQueryOptions } from './get-admins.ts';
import { rolesQueryOptions } from './get-roles.ts';

export function createAdmin(body: TCreateAdminBody): Promise<TAdminRow> {
  return request<TAdminRow>('POST', API.admin.create, body);
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: async () => {
      // Role rows show how many admins hold them.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
      ]);
    },
  });
}
