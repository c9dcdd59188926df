import type { TAssociatedUser, TUserInfo } from '@flexpay/contract/web';
import { request } from './request.ts';
import { useSession } from './session-store.ts';
import { getCompanyId, getToken } from './token.ts';
import { useAppStore } from './app-store.ts';

/** Spec section 4: the loader shown while switching company lasts 2 seconds. */
export const SWITCH_LOADER_MS = 2000;

/** Fetches user info and derives menus, elements and permitted routes. */
export async function loadUserInfo(): Promise<TUserInfo> {
  const info = await request<TUserInfo>('GET', '/api/admin/user/front/info');
  useSession.getState().applyUserInfo(info);
  return info;
}

/** Associated accounts; a failure is ignored (spec section 4). */
export async function loadAssociatedUsers(): Promise<void> {
  try {
    const list = await request<TAssociatedUser[]>('GET', '/api/admin/user/getAssociatedUserInfo');
    useSession.getState().setAssociatedUsers(list);
  } catch {
    // Spec: failure ignored.
  }
}

/** Custom company info (branding) for the stored company key; failures leave the defaults. */
export async function loadBranding(companyId = getCompanyId()): Promise<void> {
  const token = getToken();
  if (!companyId && !token) return;
  try {
    const json = await request<string | null>('GET', '/api/admin/dataDictionary/getCustomCompanyInfo', {
      ...(token ? { token } : {}),
      ...(companyId ? { companyId } : {}),
    });
    useSession.getState().setBranding(json);
  } catch {
    // Branding is decoration: the product's own look stays.
  }
}

/** Clears the client side of the session: token, roles, menus, elements, routes, cached data, tabs. */
export function clearClientSession(): void {
  useSession.getState().clear();
  useAppStore.getState().clearVisitedViews();
}

/** Logout: invalidate the token on the server, clear everything, reload (spec section 4). */
export async function logout(): Promise<void> {
  const token = getToken();
  try {
    if (token) await request('POST', '/api/auth/jwt/invalid', { token });
  } finally {
    clearClientSession();
    window.location.reload();
  }
}

/** Front-end-only logout: the same without the server call, then to `/`. */
export function frontLogout(): void {
  clearClientSession();
  window.location.assign('/');
}

/**
 * Company switch (spec section 4): post the chosen username and the current token; on 200
 * store the new token and reload user info and routes. Resolves with the new token.
 */
export async function switchCompany(username: string): Promise<string> {
  const token = getToken();
  const next = await request<string>('POST', '/api/auth/jwt/ecomapnyAdminToken', {
    username,
    token: token ?? undefined,
  });
  useSession.getState().replaceToken(next);
  await loadUserInfo();
  await loadAssociatedUsers();
  useAppStore.getState().clearVisitedViews();
  return next;
}
