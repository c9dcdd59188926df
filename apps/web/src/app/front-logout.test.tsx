/**
 * Issue 38 point 14: spec section 4's front-end-only logout ("does the same without the server
 * call and goes to /") is what the request layer does when the server has already ended the
 * session: a forced logout (40003) and a confirmed 确定登出 (401 / 40101, section 8).
 */
import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, setupUser, type TApiHandler } from '../components/test-utils.tsx';
import { fakeToken } from './test-session.ts';

/**
 * A signed-in console's request layer, fresh for each test: the layer logs out once per page
 * load, so each test loads its modules again.
 */
async function signedInConsole(handlers: Record<string, TApiHandler>) {
  vi.resetModules();
  const api = (await import('../components/test-utils.tsx')).mockApi(handlers);
  const { useAppStore } = await import('../lib/app-store.ts');
  const { pageLoad } = await import('../lib/page-load.ts');
  const { request } = await import('../lib/request.ts');
  const { useSession } = await import('../lib/session-store.ts');
  const { getToken, setToken } = await import('../lib/token.ts');
  const { RequestBridge } = await import('./request-bridge.tsx');
  const token = fakeToken({ jti: 'a', companyId: 1 });
  setToken(token);
  useSession.setState({ token, name: '林晓', menus: { EmployeeManagement: true } });
  const list = '/EmployeeManagement/listEmployee';
  useAppStore.getState().addVisitedView({ fullPath: list, path: list, title: '员工列表' });
  const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
  const reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => undefined);
  render(
    <AntdApp>
      <RequestBridge />
    </AntdApp>,
  );
  const expectSignedOutToRoot = async () => {
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(reload).not.toHaveBeenCalled();
    expect(getToken()).toBeFalsy();
    expect(useSession.getState()).toMatchObject({ token: null, name: '', menus: {} });
    expect(useAppStore.getState().visitedViews).toEqual([]);
  };
  return { api, request, expectSignedOutToRoot };
}

describe('front-end-only logout', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('on 40003 clears the session without calling the server and goes to /', async () => {
    const app = await signedInConsole({
      'GET /api/companystaff/employee/page': () => fail(401, 40003, '您已退出登录或在其他地方修改了密码，请重新登录'),
    });
    restore = app.api.restore;
    await expect(app.request('GET', '/api/companystaff/employee/page')).rejects.toThrow();
    await app.expectSignedOutToRoot();
    expect(app.api.calls.map((c) => c.url)).toEqual(['/api/companystaff/employee/page']);
  });

  it('on a confirmed 确定登出 does the same', async () => {
    const app = await signedInConsole({
      'GET /api/companystaff/employee/page': () => fail(401, 40101, '登录已失效，请重新登录'),
    });
    restore = app.api.restore;
    await expect(app.request('GET', '/api/companystaff/employee/page')).rejects.toThrow();
    await setupUser().click(await screen.findByRole('button', { name: /重新登录/ }));
    await app.expectSignedOutToRoot();
    expect(app.api.calls.map((c) => c.url)).toEqual(['/api/companystaff/employee/page']);
  });
});
