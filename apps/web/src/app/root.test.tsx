import { API } from '@flexpay/contract/web';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonName, mockApi, ok } from '../components/test-utils.tsx';
import { useSession } from '../lib/session-store.ts';
import { getToken, removeToken, setToken } from '../lib/token.ts';
import { startingApp } from './boot.ts';
import { Root } from './root.tsx';
import { fakeToken, userInfo } from './test-session.ts';

const USER = userInfo();

describe('the page root: the sign-in page alone, then the console', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    removeToken();
    useSession.getState().clear();
  });
  afterEach(() => {
    restore();
    window.history.replaceState(null, '', '/');
  });

  it('starts the lone sign-in page only for a visitor without a token on /login (or sent there)', () => {
    window.history.replaceState(null, '', '/login');
    expect(startingApp()).toBe('login');
    window.history.replaceState(null, '', '/EmployeeManagement/listEmployee?page=2');
    expect(startingApp()).toBe('login');
    expect(window.location.pathname).toBe('/login');
    expect(useSession.getState().enterRoute).toBe('/EmployeeManagement/listEmployee?page=2');
    window.history.replaceState(null, '', '/404');
    expect(startingApp()).toBe('console');
    window.history.replaceState(null, '', '/ops/login');
    expect(startingApp()).toBe('ops');
    setToken(fakeToken());
    window.history.replaceState(null, '', '/login');
    expect(startingApp()).toBe('console');
  });

  it('starts 回单验真 alone on /verify and /verify/:code, with a token or without, never sending it to /login', () => {
    window.history.replaceState(null, '', '/verify?code=ABCD0123EFGH4567JKMN');
    expect(startingApp()).toBe('verify');
    window.history.replaceState(null, '', '/verify/ABCD0123EFGH4567JKMN');
    expect(startingApp()).toBe('verify');
    expect(window.location.pathname).toBe('/verify/ABCD0123EFGH4567JKMN');
    expect(useSession.getState().enterRoute).not.toContain('/verify');
    setToken(fakeToken());
    window.history.replaceState(null, '', '/verify');
    expect(startingApp()).toBe('verify');
    window.history.replaceState(null, '', '/verifyx');
    expect(startingApp()).toBe('console');
  });

  it('signs in without the router, then starts the console at the path the visitor wanted', async () => {
    const token = fakeToken();
    ({ restore } = mockApi({
      [`GET ${API.dictionary.demoAccounts}`]: () => ok([]),
      [`GET ${API.dictionary.branding}`]: () => ok(null),
      [`POST ${API.auth.login}`]: () => ok(token),
      'GET /api/admin/user/front/info': () => ok(USER),
      'GET /api/admin/user/getAssociatedUserInfo': () => ok([]),
    }));
    window.history.replaceState(null, '', '/systemSetting/adminManage?username=x');
    render(<Root />);
    expect(await screen.findByText('企业管理后台登录')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    await userEvent.type(screen.getByPlaceholderText('用户名'), 'demo');
    await userEvent.type(screen.getByPlaceholderText('密码'), 'Demo@123456');
    await userEvent.click(screen.getByRole('button', { name: buttonName('登录') }));
    await waitFor(() => expect(getToken()).toBe(token));
    await waitFor(() => expect(window.location.pathname).toBe('/systemSetting/adminManage'), { timeout: 20_000 });
    expect(window.location.search).toBe('?username=x');
    // The console's shell took over: its sidebar shows, the sign-in page is gone.
    await waitFor(() => expect(document.querySelector('.app-sider')).not.toBeNull(), { timeout: 20_000 });
    expect(screen.queryByText('企业管理后台登录')).toBeNull();
    expect(useSession.getState().enterRoute).toBeNull();
  });
});
