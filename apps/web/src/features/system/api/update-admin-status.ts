import { API, apiPath, type TAdminStatus } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { adminQueryOptions } from './get-admin.ts';
import { adminsQueryOptions } from './get-admins.ts';

/** Disabling ends the admin's sessions; refused (40900) for the owner and for oneself. */
export function updateAdminStatus({ id, status }: { id: number; status: TAdminStatus }): Promise<null> {
  return request<null>('PUT', apiPath(API.admin.status, { id }), { status });
}

export function useUpdateAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminStatus,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryOptions().queryKey }),
      ]);
    },
  });
}
