import { API, apiPath, type TAdminRow, type TUpdateAdminBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { adminQueryOptions } from './get-admin.ts';
import { adminsQueryOptions } from './get-admins.ts';
import { rolesQueryOptions } from './get-roles.ts';

export function updateAdmin({ id, body }: { id: number; body: TUpdateAdminBody }): Promise<TAdminRow> {
  return request<TAdminRow>('PUT', apiPath(API.admin.one, { id }), body);
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: async (row) => {
      queryClient.setQueryData(adminQueryOptions(row.id).queryKey, row);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
      ]);
    },
  });
}
