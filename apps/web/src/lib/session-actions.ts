import { SIGN_IN_API, type TAssociatedUser, type TUserInfo } from '@flexpay/contract/web';
import { request } from './request.ts';
import { useSession } from './session-store.ts';
import { getCompanyId, getToken } from './token.ts';
import { clearEncryptionTaskId, useAppStore } from './app-store.ts';
import { pageLoad } from './page-load.ts';

/** Spec section 4: the loader shown while switching company lasts 2 seconds. */
export const SWITCH_LOADER_MS = 2000;

/**
 * Fetches user info and derives menus, elements and permitted routes. A rejected token opens no
 * 确定登出 dialog: the callers (navigation guard, company switch) end the session and go to /login.
 */
export async function loadUserInfo(): Promise<TUserInfo> {
  const info = await request<TUserInfo>('GET', SIGN_IN_API.user.info, undefined, {
    authFailureToCaller: true,
  });
  useSession.getState().applyUserInfo(info);
  return info;
}

/** Associated accounts; a failure is ignored (spec section 4): no toast, no dialog. */
export async function loadAssociatedUsers(): Promise<void> {
  try {
    const list = await request<TAssociatedUser[]>('GET', SIGN_IN_API.user.associated, undefined, {
      silent: true,
      authFailureToCaller: true,
    });
    useSession.getState().setAssociatedUsers(list);
  } catch {
    // Spec: failure ignored.
  }
}

/** Counts branding loads, so that an answer overtaken by a later load (a company switch) is dropped. */
let brandingLoads = 0;

/** Custom company info (branding) for the stored company key; failures leave the defaults. */
export async function loadBranding(companyId = getCompanyId()): Promise<void> {
  const token = getToken();
  if (!companyId && !token) return;
  const load = ++brandingLoads;
  try {
    const json = await request<string | null>(
      'GET',
      SIGN_IN_API.dictionary.branding,
      { ...(token ? { token } : {}), ...(companyId ? { companyId } : {}) },
      { silent: true },
    );
    if (load === brandingLoads) useSession.getState().setBranding(json);
  } catch {
    // Branding is decoration: the product's own look stays.
  }
}

/** Clears the client side of the session: token, roles, menus, elements, routes, cached data, tabs. */
export function clearClientSession(): void {
  useSession.getState().clear();
  useAppStore.getState().clearVisitedViews();
  clearEncryptionTaskId();
}

/** Logout: invalidate the token on the server, clear everything, reload (spec section 4). */
export async function logout(): Promise<void> {
  const token = getToken();
  try {
    if (token) await request('POST', SIGN_IN_API.auth.logout, { token });
  } finally {
    clearClientSession();
    pageLoad.reload();
  }
}

/**
 * Gives the session up without a reload: the stored token is invalidated on the server (a failure
 * is ignored: the token then just expires) and the client side cleared. For flows that have
 * already decided to leave, such as a failed company switch.
 */
export async function endSession(): Promise<void> {
  const token = getToken();
  try {
    if (token) await request('POST', SIGN_IN_API.auth.logout, { token }, { silent: true, authFailureToCaller: true });
  } catch {
    // Already invalid, or the server is unreachable: nothing more the client can do.
  } finally {
    clearClientSession();
  }
}

/**
 * Front-end-only logout (spec section 4): the same as `logout` without the server call, then to
 * `/` (a full page load, so nothing of the session stays in memory). For a session the server has
 * already ended: the request layer's forced logout (40003) and a confirmed 确定登出 (section 8).
 */
export function frontLogout(): void {
  clearClientSession();
  pageLoad.assign('/');
}

/**
 * Company switch (spec section 4): post the chosen username and the current token; on 200
 * store the new token and reload user info, routes and the new company's branding (so the
 * sidebar shows its name and logo at once). Resolves with the new token. On failure the caller
 * ends the session (`endSession`): the one stored then, old or new, is invalidated.
 */
export async function switchCompany(username: string): Promise<string> {
  const token = getToken();
  const next = await request<string>('POST', SIGN_IN_API.auth.switchCompany, {
    username,
    token: token ?? undefined,
  });
  useSession.getState().replaceToken(next);
  useAppStore.getState().clearVisitedViews();
  // The task the task screens were on is the old company's.
  clearEncryptionTaskId();
  // The old company's branding must not stay on while the new one loads.
  useSession.getState().setBranding(null);
  const info = await loadUserInfo();
  await Promise.all([loadAssociatedUsers(), loadBranding(info.companyId)]);
  return next;
}
