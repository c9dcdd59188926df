import { API, apiPath } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** Sets the password the manager chose and ends the admin's sessions. */
export function resetAdminPassword({ id, password }: { id: number; password: string }): Promise<null> {
  return request<null>('PUT', apiPath(API.admin.password, { id }), { password });
}

export function useResetAdminPassword() {
  return useMutation({ mutationFn: resetAdminPassword });
}
