/**
 * The operator's token, kept apart from the company admin's (`Admin-Token` cookie): its own
 * localStorage key, so a company admin signed in in the same browser is unaffected by an
 * operator's sign-in or sign-out, and neither token is ever sent to the other realm's API.
 */
export const OPS_TOKEN_STORAGE_KEY = 'Ops-Token';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getOpsToken(): string | null {
  try {
    const value = storage()?.getItem(OPS_TOKEN_STORAGE_KEY) ?? null;
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

export function setOpsToken(token: string): void {
  try {
    storage()?.setItem(OPS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage disabled: the operator signs in again on the next page load.
  }
}

export function removeOpsToken(): void {
  try {
    storage()?.removeItem(OPS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was stored.
  }
}

/** Whole seconds until the operator token expires, from its `exp` claim; null for a token that cannot be read. */
export function opsTokenSecondsLeft(token: string, now: number = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = typeof json === 'object' && json !== null ? (json as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' ? Math.floor(exp - now / 1000) : null;
  } catch {
    return null;
  }
}
