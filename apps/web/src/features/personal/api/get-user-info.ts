import { API, type TUserInfo } from '@flexpay/contract/web';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session-store.ts';

/** The signed-in admin: the personal screens read the current verification method and mobile. */
export function getUserInfo(): Promise<TUserInfo> {
  return request<TUserInfo>('GET', API.user.info);
}

export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: ['personal', 'userInfo'], queryFn: getUserInfo, staleTime: 0 });

export const useUserInfo = () => useQuery(userInfoQueryOptions());

/**
 * After a personal setting changed: refetch the user info and hand it to the session store, so
 * the shell (user menu, sign-in method) shows the new state too. A failed refetch is ignored;
 * the change itself has succeeded.
 */
export async function refreshUserInfo(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
    const info = await queryClient.fetchQuery(userInfoQueryOptions());
    useSession.getState().applyUserInfo(info);
  } catch {
    // the request layer has shown the error
  }
}
