import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, setupUser } from '../components/test-utils.tsx';
import { useAppStore, VISITED_VIEWS_KEY, VISITED_VIEWS_OWNER_KEY } from '../lib/app-store.ts';
import { getEncryptionTaskId, setEncryptionTaskId } from '../lib/app-store.ts';
import { switchCompany } from '../lib/session-actions.ts';
import { useSession } from '../lib/session-store.ts';
import { removeToken, setToken } from '../lib/token.ts';
import { App } from './app.tsx';
import { redirectSignedOutVisitor } from './boot.ts';
import { createTestRouter } from './router.tsx';
import { fakeToken, userInfo } from './test-session.ts';

const branding = (title: string) => JSON.stringify({ title, logoObj: { close: '1', logoImgSrc: `/${title}.png` } });

function signInWith(token: string) {
  setToken(token);
  useSession.setState({ token });
}

describe('shell corrections (issue 14)', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    removeToken();
    useSession.getState().clear();
    useSession.getState().setBranding(null);
    useAppStore.getState().clearVisitedViews();
    document.title = '';
  });
  afterEach(() => restore());

  // Each test renders the whole app, whose lazy chunks load slowly on a shared machine.
  it('shows the new company name and logo in the sidebar as soon as a switch ends', async () => {
    signInWith(fakeToken({ jti: 'a', companyId: 1 }));
    let company = 1;
    const api = mockApi({
      'GET /api/admin/user/front/info': () =>
        ok(company === 1 ? userInfo(1, '星河科技有限公司', 'demo') : userInfo(2, '远帆物流有限公司', 'demo_yf')),
      'GET /api/admin/user/getAssociatedUserInfo': () => ok([]),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': (call) =>
        ok(branding((call.params as { companyId?: number }).companyId === 2 ? '远帆物流' : '星河科技')),
      'POST /api/auth/jwt/ecomapnyAdminToken': () => {
        company = 2;
        return ok(fakeToken({ jti: 'b', companyId: 2 }));
      },
    });
    restore = api.restore;
    render(<App router={createTestRouter('/dashboard')} />);
    // The shell's chunk loads first: slow on a loaded machine.
    expect(await screen.findByText(/，林晓$/, {}, { timeout: 20_000 })).toBeInTheDocument();
    const logo = () => document.querySelector('.app-logo') as HTMLElement;
    await waitFor(() => expect(within(logo()).getByText('星河科技')).toBeInTheDocument());

    // The task the task screens were on belongs to the old company (spec section 9's encryptionTaskId).
    setEncryptionTaskId('42');
    await act(() => switchCompany('demo_yf'));
    expect(getEncryptionTaskId()).toBeNull();
    // No navigation happened: the branding came with the switch.
    expect(within(logo()).getByText('远帆物流')).toBeInTheDocument();
    expect(within(logo()).getByRole('img')).toHaveAttribute('src', '/远帆物流.png');
  });

  it('ends the session on the server when a company switch fails, then shows /login', async () => {
    const token = fakeToken({ jti: 'a', companyId: 1 });
    signInWith(token);
    const api = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo(1, '星河科技有限公司', 'demo')),
      'GET /api/admin/user/getAssociatedUserInfo': () =>
        ok([
          { userName: 'demo', companyName: '星河科技有限公司', current: true },
          { userName: 'demo_yf', companyName: '远帆物流有限公司', current: false },
        ]),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': () => ok(null),
      'GET /api/admin/dataDictionary/demoAccounts': () => ok([]),
      'POST /api/auth/jwt/ecomapnyAdminToken': () => fail(409, 40900, '该账号已停用，不能切换'),
      'POST /api/auth/jwt/invalid': () => ok(null),
    });
    restore = api.restore;
    const router = createTestRouter('/dashboard');
    render(<App router={router} />);
    expect(await screen.findByText(/，林晓$/, {}, { timeout: 20_000 })).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByTestId('company-switcher'));
    const [item] = await screen.findAllByRole('menuitem', { name: /远帆物流有限公司（demo_yf）/ });
    if (!item) throw new Error('the linked account is offered');
    await user.click(item);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(api.calls.find((c) => c.url === '/api/auth/jwt/invalid')?.body).toEqual({ token });
    expect(useSession.getState().token).toBeNull();
  }, 60_000);

  it('drops the tabs of a session that ended without a logout when another signs in', async () => {
    sessionStorage.setItem(
      VISITED_VIEWS_KEY,
      JSON.stringify([{ path: '/systemSetting/roleManage', fullPath: '/systemSetting/roleManage', title: '角色管理' }]),
    );
    sessionStorage.setItem(VISITED_VIEWS_OWNER_KEY, 'old-session');
    useAppStore.setState({
      visitedViews: [{ path: '/systemSetting/roleManage', fullPath: '/systemSetting/roleManage', title: '角色管理' }],
      visitedViewsOwner: 'old-session',
    });
    signInWith(fakeToken({ jti: 'new-session', companyId: 1 }));
    ({ restore } = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo(1, '星河科技有限公司', 'demo')),
      'GET /api/admin/user/getAssociatedUserInfo': () => ok([]),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': () => ok(null),
    }));
    render(<App router={createTestRouter('/dashboard')} />);
    expect(await screen.findByText(/，林晓$/, {}, { timeout: 20_000 })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: '已打开的页面' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((t) => t.textContent),
      ).toEqual(['首页']),
    );
    // The visited views are links (the current one marked) each with its own close button:
    // no control inside a tab, nothing but tabs in a tab list (axe: aria-required-children).
    expect(within(tabs).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('button', { name: '关闭 首页' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: '已打开的页面' })).toBeNull();
    expect(sessionStorage.getItem(VISITED_VIEWS_OWNER_KEY)).toBe('new-session');
  });

  it('ignores a failed associated-accounts call silently', async () => {
    signInWith(fakeToken());
    ({ restore } = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo(1, '星河科技有限公司', 'demo')),
      'GET /api/admin/user/getAssociatedUserInfo': () => fail(500, 500, '系统繁忙，请稍后再试！'),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': () => ok(null),
    }));
    render(<App router={createTestRouter('/dashboard')} />);
    expect(await screen.findByText(/，林晓$/, {}, { timeout: 20_000 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('系统繁忙，请稍后再试！')).toBeNull();
  });

  it('lands on /login without the 确定登出 dialog when the stored token is refused', async () => {
    signInWith(fakeToken());
    ({ restore } = mockApi({
      'GET /api/admin/user/front/info': () => fail(401, 40101, '登录凭证无效，请重新登录'),
      'GET /api/admin/dataDictionary/demoAccounts': () => ok([]),
    }));
    const router = createTestRouter('/dashboard');
    render(<App router={router} />);
    expect(await screen.findByText('企业管理后台登录')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('确定登出')).toBeNull();
  });

  it('titles the public pages with their own route names, without the product name off the official host', async () => {
    ({ restore } = mockApi({ 'GET /api/admin/dataDictionary/demoAccounts': () => ok([]) }));
    const cases: [string, string][] = [
      ['/404', '页面不存在'],
      ['/401', '无权访问'],
      ['/login', '登录'],
    ];
    for (const [path, title] of cases) {
      const { unmount } = render(<App router={createTestRouter(path)} />);
      await waitFor(() => expect(document.title).toBe(title));
      unmount();
    }
    render(<App router={createTestRouter('/login')} />);
    expect(await screen.findByText('企业管理后台登录')).toBeInTheDocument();
    expect(screen.queryByText('灵活用工企业管理后台')).toBeNull();
  });

  it('reads 首页 / 页面不存在 in the breadcrumb of an unknown path, and opens no tab for it', async () => {
    signInWith(fakeToken());
    ({ restore } = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo(1, '星河科技有限公司', 'demo')),
      'GET /api/admin/user/getAssociatedUserInfo': () => ok([]),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': () => ok(null),
    }));
    render(<App router={createTestRouter('/noSuchPage')} />);
    expect(await screen.findByText('抱歉，您访问的页面不存在。', {}, { timeout: 20_000 })).toBeInTheDocument();
    const crumbs = document.querySelector('.app-breadcrumb') as HTMLElement;
    expect(crumbs.textContent).toBe('首页/页面不存在');
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toBe('页面不存在');
    expect(useAppStore.getState().visitedViews).toEqual([]);
  });

  it('shows 修改认证方式 under 首页 alone, and 下载中心 as one sidebar item', async () => {
    signInWith(fakeToken());
    ({ restore } = mockApi({
      'GET /api/admin/user/front/info': () => ok(userInfo(1, '星河科技有限公司', 'demo')),
      'GET /api/admin/user/getAssociatedUserInfo': () => ok([]),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': () => ok(null),
      'GET /api/admin/user/front/verifyInfo': () => ok(null),
    }));
    render(<App router={createTestRouter('/editAuthentication/editAuthenticationIndex')} />);
    const crumbs = await waitFor(() => {
      const el = document.querySelector('.app-breadcrumb') as HTMLElement;
      expect(el.textContent).toContain('修改认证方式');
      return el;
    });
    expect(crumbs.textContent).toBe('首页/修改认证方式');
    const sider = document.querySelector('.app-sider') as HTMLElement;
    const downloads = within(sider).getAllByText('下载中心');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.closest('.ant-menu-submenu')).toBeNull();
  });

  it('sends a deep link without a token to /login before the router starts', () => {
    window.history.replaceState(null, '', '/EmployeeManagement/listEmployee?page=2');
    expect(redirectSignedOutVisitor()).toBe(true);
    expect(window.location.pathname).toBe('/login');
    expect(useSession.getState().enterRoute).toBe('/EmployeeManagement/listEmployee?page=2');

    window.history.replaceState(null, '', '/pdfPreview?url=/a.pdf');
    expect(redirectSignedOutVisitor()).toBe(false);
    signInWith(fakeToken());
    window.history.replaceState(null, '', '/EmployeeManagement/listEmployee');
    expect(redirectSignedOutVisitor()).toBe(false);
    expect(window.location.pathname).toBe('/EmployeeManagement/listEmployee');
    window.history.replaceState(null, '', '/');
  });
});
