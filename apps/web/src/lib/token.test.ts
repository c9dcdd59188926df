/**
 * @vitest-environment jsdom
 * happy-dom keeps a cookie removed with max-age=0 (as `Admin-Token=`); jsdom removes it, as browsers do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  COMPANY_ID_STORAGE_KEY,
  decodeToken,
  getCompanyId,
  getToken,
  removeCompanyId,
  removeToken,
  secondsLeft,
  setCompanyId,
  setToken,
} from './token.ts';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function jwt(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2ln`;
}

const payload = { sub: '42', jti: 'a1b2', companyId: 7, exp: 1_700_000_600, iat: 1_700_000_000 };

afterEach(() => {
  removeToken();
  localStorage.clear();
});

describe('token cookie', () => {
  it('has no token at first', () => {
    expect(getToken()).toBeNull();
  });

  it('stores the token in the Admin-Token cookie and reads it back', () => {
    const token = jwt(payload);
    setToken(token);
    expect(document.cookie).toContain(`Admin-Token=${token}`);
    expect(getToken()).toBe(token);
  });

  it('round-trips values that need escaping', () => {
    setToken('a b;c=d');
    expect(getToken()).toBe('a b;c=d');
  });

  it('finds the token among other cookies and ignores look-alike names', () => {
    document.cookie = 'X-Admin-Token=wrong; path=/';
    document.cookie = 'other=1; path=/';
    setToken('right');
    expect(getToken()).toBe('right');
    document.cookie = 'X-Admin-Token=; path=/; max-age=0';
    document.cookie = 'other=; path=/; max-age=0';
  });

  it('replaces the token and removes it', () => {
    setToken('first');
    setToken('second');
    expect(getToken()).toBe('second');
    removeToken();
    expect(getToken()).toBeNull();
    expect(document.cookie).not.toContain('Admin-Token=');
  });
});

describe('company id', () => {
  it('stores the company id in localStorage under companyId', () => {
    expect(getCompanyId()).toBeNull();
    setCompanyId(12);
    expect(localStorage.getItem(COMPANY_ID_STORAGE_KEY)).toBe('12');
    expect(getCompanyId()).toBe(12);
    removeCompanyId();
    expect(getCompanyId()).toBeNull();
  });

  it('ignores a stored value that is not a whole number', () => {
    localStorage.setItem(COMPANY_ID_STORAGE_KEY, 'abc');
    expect(getCompanyId()).toBeNull();
    localStorage.setItem(COMPANY_ID_STORAGE_KEY, '1.5');
    expect(getCompanyId()).toBeNull();
  });

  it('refuses to store an invalid company id', () => {
    expect(() => setCompanyId(-1)).toThrow(RangeError);
    expect(() => setCompanyId(1.5)).toThrow(RangeError);
    expect(() => setCompanyId(Number.NaN)).toThrow(RangeError);
  });
});

describe('decodeToken', () => {
  it('decodes the payload without verifying the signature', () => {
    expect(decodeToken(jwt(payload))).toEqual(payload);
  });

  it('decodes UTF-8 text and base64url characters', () => {
    // '张三??>' has bytes that base64 encodes with '+' and '/', which base64url writes as '-' and '_'.
    const unicode = { ...payload, sub: '张三??>', jti: 'ü~' };
    const token = jwt(unicode);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeToken(token)).toEqual(unicode);
  });

  it('keeps only the known claims', () => {
    expect(decodeToken(jwt({ ...payload, extra: true }))).toEqual(payload);
  });

  it('returns null for malformed tokens', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken(undefined)).toBeNull();
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('abc')).toBeNull();
    expect(decodeToken('a.b')).toBeNull();
    expect(decodeToken('a..c')).toBeNull();
    expect(decodeToken('a.b.c.d')).toBeNull();
    expect(decodeToken('a.!!!.c')).toBeNull();
    expect(decodeToken(`a.${base64Url('not json')}.c`)).toBeNull();
    expect(decodeToken(`a.${base64Url('[1,2]')}.c`)).toBeNull();
    expect(decodeToken(`a.${base64Url('null')}.c`)).toBeNull();
    // Invalid UTF-8 (a lone continuation byte).
    expect(decodeToken(`a.${btoa('\x80').replace(/=+$/, '')}.c`)).toBeNull();
  });

  it('returns null when a claim is missing or has the wrong type', () => {
    expect(decodeToken(jwt({ ...payload, sub: 42 }))).toBeNull();
    expect(decodeToken(jwt({ ...payload, jti: undefined }))).toBeNull();
    expect(decodeToken(jwt({ ...payload, companyId: '7' }))).toBeNull();
    expect(decodeToken(jwt({ ...payload, companyId: 7.5 }))).toBeNull();
    expect(decodeToken(jwt({ ...payload, exp: 'soon' }))).toBeNull();
    expect(decodeToken(jwt({ ...payload, iat: null }))).toBeNull();
  });
});

describe('secondsLeft', () => {
  it('counts whole seconds until expiry', () => {
    expect(secondsLeft({ exp: 1_000 }, 400_000)).toBe(600);
    expect(secondsLeft({ exp: 1_000 }, 400_500)).toBe(599);
    expect(secondsLeft({ exp: 1_000 }, 1_000_000)).toBe(0);
    expect(secondsLeft({ exp: 1_000 }, 1_010_000)).toBe(-10);
  });

  it('defaults now to the current time', () => {
    const exp = Math.floor(Date.now() / 1000) + 100;
    expect(secondsLeft({ exp })).toBeGreaterThanOrEqual(99);
    expect(secondsLeft({ exp })).toBeLessThanOrEqual(100);
  });
});
