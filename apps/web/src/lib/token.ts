/**
 * The client-side token store (spec section 3): the admin token in the `Admin-Token` cookie, the
 * company id in localStorage under `companyId`, and a JWT payload decoder that does not verify
 * (the server checks every request; the client only reads `exp` and `companyId`).
 */

export const TOKEN_COOKIE_NAME = 'Admin-Token';
export const COMPANY_ID_STORAGE_KEY = 'companyId';

/** What the server puts in the JWT payload (ARCHITECTURE.md section 4). */
export interface TDecodedToken {
  sub: string;
  jti: string;
  companyId: number;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** Issue time, in seconds since the epoch. */
  iat: number;
}

const EXPIRED_COOKIE_DATE = 'Thu, 01 Jan 1970 00:00:00 GMT';

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

function secureAttribute(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
}

/** The stored admin token, or null when there is none. */
export function getToken(): string | null {
  if (!hasDocument()) return null;
  const prefix = `${TOKEN_COOKIE_NAME}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (!item.startsWith(prefix)) continue;
    const raw = item.slice(prefix.length);
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Stores the token as a session cookie on the whole site (path=/, SameSite=Lax, Secure on https). */
export function setToken(token: string): void {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; path=/; SameSite=Lax${secureAttribute()}`;
}

export function removeToken(): void {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE_NAME}=; path=/; expires=${EXPIRED_COOKIE_DATE}; max-age=0; SameSite=Lax${secureAttribute()}`;
}

// localStorage throws when storage is disabled (some private modes, blocked third-party storage):
// the company id is then simply not remembered.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored company id, or null when none (or not a whole number) is stored. */
export function getCompanyId(): number | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(COMPANY_ID_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) ? id : null;
}

export function setCompanyId(companyId: number): void {
  if (!Number.isSafeInteger(companyId) || companyId < 0) {
    throw new RangeError(`companyId must be a non-negative integer, got ${String(companyId)}`);
  }
  try {
    storage()?.setItem(COMPANY_ID_STORAGE_KEY, String(companyId));
  } catch {
    // Storage full or disabled: nothing to keep it in.
  }
}

export function removeCompanyId(): void {
  try {
    storage()?.removeItem(COMPANY_ID_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was stored.
  }
}

/** base64url (no padding) to a UTF-8 string; throws on malformed input. */
function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (segment.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The payload of a JWT, read without verifying the signature, or null when the token is not a
 * three-part JWT or its payload lacks any of sub, jti, companyId, exp, iat.
 */
export function decodeToken(token: string | null | undefined): TDecodedToken | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
  const { sub, jti, companyId, exp, iat } = payload;
  if (typeof sub !== 'string' || typeof jti !== 'string') return null;
  if (!isFiniteNumber(companyId) || !Number.isInteger(companyId)) return null;
  if (!isFiniteNumber(exp) || !isFiniteNumber(iat)) return null;
  return { sub, jti, companyId, exp, iat };
}

/** Whole seconds until the token expires (0 or negative once it has expired). */
export function secondsLeft(decoded: Pick<TDecodedToken, 'exp'>, now: number = Date.now()): number {
  return Math.floor(decoded.exp - now / 1000);
}
