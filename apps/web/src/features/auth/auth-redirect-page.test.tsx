import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { AuthRedirectPage } from './routes/auth-redirect-page.tsx';

afterEach(() => useSession.getState().clear());

/** A token the page can read (the signature is the server's business). */
function tokenFor(expiresInSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: '12', jti: 'j-1', companyId: 1, iat: now, exp: now + expiresInSeconds };
  const base64Url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

const OTHERS = ['/', '/login', '/EmolumentManagement/emolumentGrant'];
const open = (search: string) =>
  renderScreen(AuthRedirectPage, { path: '/authredirect', initialEntry: `/authredirect${search}`, otherPaths: OTHERS });

describe('授权跳转', () => {
  it('signs in with a usable token and goes to the asked path of this app', async () => {
    const token = tokenFor(3600);
    open(`?token=${token}&redirect=${encodeURIComponent('/EmolumentManagement/emolumentGrant')}`);
    expect(await screen.findByText('当前页面：/EmolumentManagement/emolumentGrant')).toBeInTheDocument();
    expect(useSession.getState().token).toBe(token);
    expect(useSession.getState().decoded?.companyId).toBe(1);
  });

  it('goes home instead of to another site', async () => {
    open(`?token=${tokenFor(3600)}&redirect=${encodeURIComponent('//evil.example.com/x')}`);
    expect(await screen.findByText('当前页面：/')).toBeInTheDocument();
  });

  it('sends an expired, unreadable or missing token to 登录 without signing in', async () => {
    for (const search of [`?token=${tokenFor(-60)}`, '?token=abc.def.ghi', '']) {
      const { unmount } = open(search);
      expect(await screen.findByText('当前页面：/login')).toBeInTheDocument();
      expect(useSession.getState().token).toBeFalsy();
      unmount();
    }
  });
});
