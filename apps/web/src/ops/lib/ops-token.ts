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
