import { API, type TEnvelope } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/request.ts';
import { refreshUserInfo } from './get-user-info.ts';

export interface TChangeMobileInput {
  /** The code sent to the current number; absent when the admin has none. */
  oldToken?: string;
  oldCode?: string;
  mobile: string;
  newToken: string;
  newCode: string;
}

/** PUT /api/admin/user/personal/mobile; resolves with the server's message. */
export async function changeMobile(input: TChangeMobileInput): Promise<string> {
  const response = await http.request<TEnvelope<null>>({
    method: 'PUT',
    url: API.user.mobile,
    data: input,
  });
  return response.data.message ?? '手机号已修改';
}

export function useChangeMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMobile,
    onSuccess: () => refreshUserInfo(queryClient),
  });
}
