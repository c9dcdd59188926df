import { menuCodeOf } from '@flexpay/contract/web';
import { Layout } from 'antd';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { installDialogFocusWrap } from '../../lib/dialog-focus-wrap.ts';
import { NotFoundPage } from '../../features/errors/routes/not-found-page.tsx';
import { loadBranding } from '../../lib/session-actions.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { getCompanyId } from '../../lib/token.ts';
import { NOT_FOUND_TITLE, useCurrentScreen } from '../route-table.ts';
import { ConsoleProviders } from '../console-providers.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';
import './layout.css';

/** The console shell: sidebar, top bar, tabs and the current screen (when permitted). */
export function AppLayout() {
  // Tab wraps inside an open dialog or drawer (lib/dialog-focus-wrap.ts); the sign-in page has none.
  useEffect(() => installDialogFocusWrap(), []);
  const location = useLocation();
  const navigation = useNavigation();
  const contentRef = useRef<HTMLElement>(null);
  const previousNavLight = useRef<string | null>(null);
  const { handle, permitted } = useCurrentScreen();
  usePageTitle(handle && permitted ? handle.route.title : NOT_FOUND_TITLE);

  useEffect(() => {
    // Scroll to top on each route change.
    window.scrollTo(0, 0);
    contentRef.current?.scrollTo?.(0, 0);
    // After each navigation, custom company info is loaded when a company key is stored.
    if (getCompanyId() !== null) void loadBranding();
  }, [location.pathname]);

  useEffect(() => {
    // When the highlighted nav item changes, the previous one's stored session item is removed.
    const navLight = handle ? menuCodeOf(handle.parent?.path ?? handle.route.path) : null;
    if (previousNavLight.current && previousNavLight.current !== navLight) {
      sessionStorage.removeItem(previousNavLight.current);
    }
    previousNavLight.current = navLight;
  }, [handle]);

  return (
    <ConsoleProviders>
      <a className="skip-link" href="#main-content">
        跳到主要内容
      </a>
      <Layout className="app-layout">
        <Sidebar />
        <Layout>
          <Navbar />
          <TagsView />
          <Layout.Content className="app-content" ref={contentRef} id="main-content" tabIndex={-1}>
            {/* One h1 per screen: its title, for screen readers (the breadcrumb shows it). */}
            <h1 className="sr-only">{handle && permitted ? handle.route.title : NOT_FOUND_TITLE}</h1>
            {navigation.state === 'loading' && !navigation.location?.pathname.startsWith(location.pathname) ? (
              <PageLoading />
            ) : permitted ? (
              <Outlet />
            ) : (
              <NotFoundPage />
            )}
          </Layout.Content>
        </Layout>
      </Layout>
    </ConsoleProviders>
  );
}
