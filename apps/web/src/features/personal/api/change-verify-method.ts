import { API, type TEnvelope, type TVerifyMethod } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/request.ts';
import { refreshUserInfo } from './get-user-info.ts';

export interface TChangeVerifyMethodInput {
  method: TVerifyMethod;
  /** Proof of the current method: the password, the SMS code or the authenticator code. */
  code: string;
  /** The SMS token when the current method is SMS. */
  token?: string;
  /** For a new authenticator: the setup token and a code from the app. */
  newToken?: string;
  newCode?: string;
}

/** PUT /api/admin/user/personal/verifyMethod; resolves with the server's message. */
export async function changeVerifyMethod(input: TChangeVerifyMethodInput): Promise<string> {
  const response = await http.request<TEnvelope<null>>({
    method: 'PUT',
    url: API.user.verifyMethod,
    data: input,
  });
  return response.data.message ?? '认证方式已修改';
}

export function useChangeVerifyMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeVerifyMethod,
    onSuccess: () => refreshUserInfo(queryClient),
  });
}
