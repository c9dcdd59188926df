import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { isApiError } from '../lib/request.ts';
import { opsInfoQueryOptions } from './api/auth.ts';
import { OPS_LOGIN_PATH } from './lib/ops-request.ts';
import { getOpsToken, removeOpsToken } from './lib/ops-token.ts';
import { OpsRouteError } from './components/ops-route-error.tsx';
import { OPS_HOME_PATH } from './menu.ts';

/**
 * The guard of /ops: no operator token goes to /ops/login; with one, the operator's info is
 * loaded once (40101/40003 remove the token and go to /ops/login too).
 */
export function opsGuardLoader(queryClient: QueryClient) {
  return async () => {
    if (!getOpsToken()) throw redirect(OPS_LOGIN_PATH);
    try {
      await queryClient.ensureQueryData(opsInfoQueryOptions());
    } catch (error) {
      if (isApiError(error) && (error.status === 40101 || error.status === 40003 || error.httpStatus === 401)) {
        removeOpsToken();
        throw redirect(OPS_LOGIN_PATH);
      }
      throw error;
    }
    return null;
  };
}

/** /ops/login with a token goes to the queue. */
export function opsLoginLoader() {
  if (getOpsToken()) throw redirect(OPS_HOME_PATH);
  return null;
}

const page =
  <T,>(load: () => Promise<T>, pick: (m: T) => RouteObject['Component']) =>
  async () => ({ Component: pick(await load()) });

export function createOpsRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      HydrateFallback: PageLoading,
      errorElement: <OpsRouteError />,
      children: [
        {
          path: OPS_LOGIN_PATH,
          loader: opsLoginLoader,
          lazy: page(
            () => import('./routes/ops-login-page.tsx'),
            (m) => m.OpsLoginPage,
          ),
        },
        {
          path: '/ops',
          loader: opsGuardLoader(queryClient),
          shouldRevalidate: () => false,
          lazy: page(
            () => import('./layout/ops-layout.tsx'),
            (m) => m.OpsLayout,
          ),
          children: [
            { index: true, loader: () => redirect(OPS_HOME_PATH) },
            {
              path: 'topups',
              lazy: page(
                () => import('./routes/topups-page.tsx'),
                (m) => m.TopupsPage,
              ),
            },
            {
              path: 'reconcile',
              lazy: page(
                () => import('./routes/reconcile-page.tsx'),
                (m) => m.ReconcilePage,
              ),
            },
            {
              path: 'invoices',
              lazy: page(
                () => import('./routes/invoices-page.tsx'),
                (m) => m.InvoicesPage,
              ),
            },
            {
              path: 'contracts',
              lazy: page(
                () => import('./routes/contracts-page.tsx'),
                (m) => m.ContractsPage,
              ),
            },
            {
              path: 'agreements',
              lazy: page(
                () => import('./routes/agreements-page.tsx'),
                (m) => m.AgreementsPage,
              ),
            },
            {
              path: 'chat',
              lazy: page(
                () => import('./routes/chat-page.tsx'),
                (m) => m.ChatPage,
              ),
            },
            {
              path: 'companies',
              lazy: page(
                () => import('./routes/companies-page.tsx'),
                (m) => m.CompaniesPage,
              ),
            },
            {
              path: 'audit',
              lazy: page(
                () => import('./routes/audit-page.tsx'),
                (m) => m.AuditPage,
              ),
            },
            {
              path: 'gateway-log',
              lazy: page(
                () => import('./routes/gateway-log-page.tsx'),
                (m) => m.GatewayLogPage,
              ),
            },
            {
              path: 'monitor',
              lazy: page(
                () => import('./routes/monitor-page.tsx'),
                (m) => m.MonitorPage,
              ),
            },
            {
              path: 'exports',
              lazy: page(
                () => import('./routes/exports-page.tsx'),
                (m) => m.ExportsPage,
              ),
            },
            {
              path: '*',
              lazy: page(
                () => import('./components/ops-not-found.tsx'),
                (m) => m.OpsNotFound,
              ),
            },
          ],
        },
      ],
    },
  ];
}
