import { availableRoutes, fullPathOf, SCREEN_PATHS, type TRouteNode } from '@flexpay/contract/web';
import {
  createBrowserRouter,
  createMemoryRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { loadAssociatedUsers, loadUserInfo, clearClientSession } from '../lib/session-actions.ts';
import { useSession } from '../lib/session-store.ts';
import { getToken } from '../lib/token.ts';
import { redirectSignedOutVisitor } from './boot.ts';
import { DASHBOARD, type TRouteHandle } from './route-table.ts';
import { SCREENS } from './screens.ts';
import { lazy, Suspense } from 'react';

// Loaded only when a route fails, so its antd Result stays out of the first download.
const RouteError = lazy(() => import('./route-error.tsx').then((m) => ({ default: m.RouteError })));

const lazyScreen = (name: string) => {
  const load = SCREENS[name];
  if (!load) throw new Error(`screen ${name} is in BUILT_SCREENS but not in SCREENS`);
  return load;
};

/** Public paths a visitor without a token may open; any other path goes to /login. */
const NO_TOKEN_PATHS = new Set([SCREEN_PATHS.login, SCREEN_PATHS.authredirect]);

/**
 * The navigation guard of spec section 4 for the protected part of the app. Without a token it
 * stores the wanted path and goes to /login; with one it loads user info (and so the permitted
 * routes) once, logging out to /login when that fails.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = getToken();
  if (!token) {
    if (NO_TOKEN_PATHS.has(url.pathname)) return null;
    useSession.getState().setEnterRoute(url.pathname + url.search);
    throw redirect(SCREEN_PATHS.login);
  }
  if (!useSession.getState().loaded) {
    try {
      await loadUserInfo();
    } catch {
      clearClientSession();
      throw redirect(SCREEN_PATHS.login);
    }
    await loadAssociatedUsers();
  }
  return null;
}

/** /login with a token goes to / (spec section 4). */
export function loginLoader() {
  if (getToken()) throw redirect(SCREEN_PATHS.home);
  return null;
}

function screenRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: 'dashboard',
      lazy: lazyScreen('dashboard'),
      handle: { route: DASHBOARD, parent: null, fullPath: SCREEN_PATHS.dashboard } satisfies TRouteHandle,
    },
  ];
  for (const parent of availableRoutes()) {
    const children = parent.children;
    if (!children) {
      routes.push({
        path: parent.path.slice(1),
        lazy: lazyScreen(parent.name),
        handle: { route: parent, parent: null, fullPath: parent.path } satisfies TRouteHandle,
      });
      continue;
    }
    const target = children.some((c: TRouteNode) => fullPathOf(c, parent) === parent.redirect)
      ? (parent.redirect ?? '/')
      : fullPathOf(children[0] ?? parent, parent);
    routes.push({
      path: parent.path.slice(1),
      children: [
        { index: true, loader: () => redirect(target) },
        ...children.map((c) => ({
          path: c.path,
          lazy: lazyScreen(c.name),
          handle: { route: c, parent, fullPath: fullPathOf(c, parent) } satisfies TRouteHandle,
        })),
      ],
    });
  }
  return routes;
}

const page =
  <T,>(load: () => Promise<T>, pick: (m: T) => RouteObject['Component']) =>
  async () => ({
    Component: pick(await load()),
  });

export function createRoutes(): RouteObject[] {
  return [
    {
      HydrateFallback: PageLoading,
      errorElement: (
        <Suspense fallback={null}>
          <RouteError />
        </Suspense>
      ),
      children: [
        {
          path: SCREEN_PATHS.login,
          loader: loginLoader,
          lazy: page(
            () => import('../features/auth/routes/login-route.tsx'),
            (m) => m.LoginRoute,
          ),
        },
        {
          path: SCREEN_PATHS.authredirect,
          lazy: page(
            () => import('../features/auth/routes/auth-redirect-page.tsx'),
            (m) => m.AuthRedirectPage,
          ),
        },
        {
          path: SCREEN_PATHS['404'],
          lazy: page(
            () => import('../features/errors/routes/not-found-page.tsx'),
            (m) => m.NotFoundPage,
          ),
        },
        {
          path: SCREEN_PATHS['401'],
          lazy: page(
            () => import('../features/errors/routes/unauthorized-page.tsx'),
            (m) => m.UnauthorizedPage,
          ),
        },
        {
          path: SCREEN_PATHS.verify,
          lazy: page(
            () => import('./verify-route.tsx'),
            (m) => m.VerifyRoute,
          ),
        },
        {
          path: `${SCREEN_PATHS.verify}/:code`,
          lazy: page(
            () => import('./verify-route.tsx'),
            (m) => m.VerifyRoute,
          ),
        },
        {
          path: SCREEN_PATHS.pdfPreview,
          lazy: page(
            () => import('../features/pdf-preview/routes/pdf-preview-page.tsx'),
            (m) => m.PdfPreviewPage,
          ),
        },
        {
          path: '/',
          id: 'protected',
          loader: guardLoader,
          shouldRevalidate: () => false,
          lazy: page(
            () => import('./layout/app-layout.tsx'),
            (m) => m.AppLayout,
          ),
          children: [
            { index: true, loader: () => redirect(SCREEN_PATHS.dashboard) },
            ...screenRoutes(),
            // Last: any other path inside the shell is a 404 (a permitted deep link matched above).
            {
              path: '*',
              lazy: page(
                () => import('../features/errors/routes/not-found-page.tsx'),
                (m) => m.NotFoundPage,
              ),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  redirectSignedOutVisitor();
  return createBrowserRouter(createRoutes());
}

/** For tests: the same routes in memory. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(createRoutes(), { initialEntries: [initialPath] });
}
