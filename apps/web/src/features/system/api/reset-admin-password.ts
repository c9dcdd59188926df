import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** Sets the password the manager chose and ends the admin's sessions. */
export function resetAdminPassword({ id, password }: { id: number; password: string }): Promise<null> {
  return request<null>('PUT', `/api/admin/user/${id}/password`, { password });
}

export function useResetAdminPassword() {
  return useMutation({ mutationFn: resetAdminPassword });
}
