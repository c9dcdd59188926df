import { RECEIPT_VERIFY_API } from '@flexpay/contract/web';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../components/test-utils.tsx';
import { useAppStore } from '../lib/app-store.ts';
import { useSession } from '../lib/session-store.ts';
import { removeToken, setToken } from '../lib/token.ts';
import { receiptVerification } from '../features/payroll/test-data.ts';
import { App } from './app.tsx';
import { createTestRouter } from './router.tsx';
import { fakeToken, userInfo } from './test-session.ts';

const USER = userInfo();

describe('navigation guard and shell', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    removeToken();
    useSession.getState().clear();
    useAppStore.getState().clearVisitedViews();
  });
  afterEach(() => restore());

  it('sends a visitor without a token to /login and remembers the wanted path', async () => {
    ({ restore } = mockApi({ 'GET /api/admin/dataDictionary/demoAccounts': () => ok([]) }));
    const router = createTestRouter('/systemSetting/adminManage?username=x');
    render(<App router={router} />);
    expect(await screen.findByText('企业管理后台登录')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().enterRoute).toBe('/systemSetting/adminManage?username=x');
  });

  it('opens 回单验真 without a token, its code from the path, and checks it (no sign-in asked)', async () => {
    const api = mockApi({
      [`POST ${RECEIPT_VERIFY_API}`]: () => ok(receiptVerification()),
    });
    restore = api.restore;
    const router = createTestRouter('/verify/ABCD-0123-EFGH-4567-JKMN');
    render(<App router={router} />);
    expect(await screen.findByText('验证通过：这是平台签发的电子回单')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify/ABCD-0123-EFGH-4567-JKMN');
    expect(api.calls.map((c) => c.body)).toEqual([{ code: 'ABCD-0123-EFGH-4567-JKMN' }]);
  });

  it('loads user info once for a token and shows the dashboard with the permitted menu', async () => {
    setToken(fakeToken());
    useSession.setState({ token: fakeToken() });
    const api = mockApi({
      'GET /api/admin/user/front/info': () => ok(USER),
      'GET /api/admin/user/getAssociatedUserInfo': () => fail(500, 500, '系统繁忙，请稍后再试！'),
      'GET /api/admin/dataDictionary/getCustomCompanyInfo': () => ok(null),
    });
    restore = api.restore;
    const router = createTestRouter('/');
    render(<App router={router} />);
    expect(await screen.findByText(/，林晓$/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getAllByText('系统设置').length).toBeGreaterThan(0);
    expect(useSession.getState().roles).toEqual(['admin']);
    // The associated-users failure is ignored.
    expect(useSession.getState().associatedUserInfo).toEqual([]);
    expect(api.calls.filter((c) => c.url === '/api/admin/user/front/info')).toHaveLength(1);
  });

  it('logs out to /login when user info cannot be loaded', async () => {
    setToken(fakeToken());
    ({ restore } = mockApi({
      'GET /api/admin/user/front/info': () => fail(401, 40003, '会话已失效，请重新登录'),
      'GET /api/admin/dataDictionary/demoAccounts': () => ok([]),
    }));
    const router = createTestRouter('/dashboard');
    render(<App router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
  });

  it('renders the 404 page for an unknown path', async () => {
    ({ restore } = mockApi({}));
    render(<App router={createTestRouter('/404')} />);
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
  });
});
