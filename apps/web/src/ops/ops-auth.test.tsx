import { API } from '@flexpay/contract/web';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE_NAME } from '../lib/token.ts';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, fail, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

const emptyPage = { total: 0, rows: [] };

describe('operator sign-in and guard', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    restore();
    document.cookie = `${TOKEN_COOKIE_NAME}=; path=/; max-age=0`;
  });

  it('signs in, stores the operator token under its own key and opens the queue', async () => {
    const api = mockOpsApi({
      [`POST ${API.ops.login}`]: () => ok({ token: 'ops-token-1', operator: OPERATOR }),
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.topupPage}`]: () => ok(emptyPage),
    });
    restore = api.restore;
    const { router } = renderOps('/ops/login');
    const user = setupUser();
    expect(await screen.findByText('平台运营控制台')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('用户名'), ' ops ');
    await user.type(screen.getByPlaceholderText('密码'), 'Ops@123456');
    await user.click(screen.getByRole('button', { name: buttonName('登录') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/topups'));
    expect(localStorage.getItem(OPS_TOKEN_STORAGE_KEY)).toBe('ops-token-1');
    expect(document.cookie).not.toContain(TOKEN_COOKIE_NAME);
    expect(api.calls.find((c) => c.url === API.ops.login)?.body).toEqual({ username: 'ops', password: 'Ops@123456' });
    expect(await screen.findByText('平台运营')).toBeInTheDocument();
    expect(await screen.findByText('暂无待确认的充值')).toBeInTheDocument();
    // The queue was asked with the operator's bearer token, never a company API.
    const page = api.calls.find((c) => c.url === API.ops.topupPage);
    expect(page?.headers.authorization).toBe('Bearer ops-token-1');
    expect(page?.params).toMatchObject({ status: 'pending', page: 1, limit: 10 });
    expect(api.calls.every((c) => c.url.startsWith('/api/ops/'))).toBe(true);
  });

  it('shows the server message of a failed sign-in, and the lockout', async () => {
    let attempts = 0;
    const api = mockOpsApi({
      [`POST ${API.ops.login}`]: () =>
        ++attempts === 1
          ? fail(400, 40001, '用户名或密码错误')
          : fail(429, 42900, '登录失败次数过多，请 15 分钟后再试'),
    });
    restore = api.restore;
    const { router } = renderOps('/ops/login');
    const user = setupUser();
    await user.type(await screen.findByPlaceholderText('用户名'), 'ops');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: buttonName('登录') }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('密码')).toHaveValue('');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: buttonName('登录') }));
    expect(await screen.findByText('登录失败次数过多，请 15 分钟后再试')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ops/login');
    expect(localStorage.getItem(OPS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the captcha when the server asks for it and sends it with the next sign-in', async () => {
    let attempts = 0;
    const api = mockOpsApi({
      [`POST ${API.ops.login}`]: () =>
        ++attempts === 1
          ? fail(400, 40001, '用户名或密码错误', { captchaRequired: true })
          : ok({ token: 'ops-token-2', operator: OPERATOR }),
      [`GET ${API.verification.captcha}`]: () =>
        ok({ token: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.topupPage}`]: () => ok(emptyPage),
    });
    restore = api.restore;
    const { router } = renderOps('/ops/login');
    const user = setupUser();
    await user.type(await screen.findByPlaceholderText('用户名'), 'ops');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: buttonName('登录') }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('图形验证码')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '图形验证码，点击换一张' })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('密码'), 'Ops@123456');
    await user.click(screen.getByRole('button', { name: buttonName('登录') }));
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('图形验证码'), 'ab12');
    await user.click(screen.getByRole('button', { name: buttonName('登录') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/topups'));
    expect(api.calls.filter((c) => c.url === API.ops.login).at(-1)?.body).toEqual({
      username: 'ops',
      password: 'Ops@123456',
      token: 'cap-1',
      code: 'ab12',
    });
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockOpsApi({});
    restore = api.restore;
    renderOps('/ops/login');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: buttonName('登录') }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a visitor without an operator token to /ops/login, even with an admin token', async () => {
    document.cookie = `${TOKEN_COOKIE_NAME}=admin-token; path=/`;
    const api = mockOpsApi({});
    restore = api.restore;
    const { router } = renderOps('/ops/companies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/login'));
    expect(await screen.findByPlaceholderText('用户名')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('drops a stale token answered 40101 and goes to /ops/login', async () => {
    localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'stale');
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => fail(401, 40101, '登录凭证无效，请重新登录运营后台'),
    });
    restore = api.restore;
    const { router } = renderOps('/ops/topups');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/login'));
    expect(localStorage.getItem(OPS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('goes back to /ops/login when a screen call answers 40003', async () => {
    localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'revoked');
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.topupPage}`]: () => fail(401, 40003, '您已退出登录，请重新登录'),
    });
    restore = api.restore;
    const { router } = renderOps('/ops/topups');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/login'));
    expect(localStorage.getItem(OPS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out: the server session is revoked and the token removed', async () => {
    localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1');
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.topupPage}`]: () => ok(emptyPage),
      [`POST ${API.ops.logout}`]: () => ok(null),
    });
    restore = api.restore;
    const { router } = renderOps('/ops');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/topups'));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: buttonName('退出登录') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/login'));
    expect(api.calls.some((c) => c.url === API.ops.logout)).toBe(true);
    expect(localStorage.getItem(OPS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
