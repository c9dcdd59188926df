import { API, type TEnvelope } from '@flexpay/contract/web';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/request.ts';

export interface TChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

/**
 * PUT /api/admin/user/personal/password. Resolves with the server's message, which says that
 * the admin's other sessions have ended (`request()` would drop it, hence the client directly).
 */
export async function changePassword(input: TChangePasswordInput): Promise<string> {
  const response = await http.request<TEnvelope<null>>({
    method: 'PUT',
    url: API.user.password,
    data: input,
  });
  return response.data.message ?? '密码已修改';
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
