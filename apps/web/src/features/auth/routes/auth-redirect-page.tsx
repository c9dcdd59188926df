import { SCREEN_PATHS } from '@flexpay/contract/web';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { publicRouteTitle, usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { decodeToken } from '../../../lib/token.ts';

/**
 * 授权跳转: entry from a trusted single sign-on link carrying `?token=` and an optional
 * `redirect=` path. A usable token signs in; anything else goes to /login.
 */
export function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(publicRouteTitle('authredirect'));
  useEffect(() => {
    const token = params.get('token');
    const decoded = decodeToken(token);
    const target = params.get('redirect') ?? '/';
    // Only paths of this app: never an absolute URL to somewhere else.
    const safeTarget = target.startsWith('/') && !target.startsWith('//') ? target : '/';
    if (token && decoded && decoded.exp * 1000 > Date.now()) {
      useSession.getState().signIn(token);
      void navigate(safeTarget, { replace: true });
    } else {
      void navigate(SCREEN_PATHS.login, { replace: true });
    }
  }, [params, navigate]);
  return <PageLoading />;
}
