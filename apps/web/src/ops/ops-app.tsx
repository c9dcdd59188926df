/**
 * The operator console (/ops): a React subtree of its own, loaded as a separate chunk only when
 * the page opens under /ops. Its own router, query cache and HTTP client (ops-request.ts); it
 * shares nothing of the company console's shell, session or token.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { configureOpsRequest, OPS_LOGIN_PATH } from './lib/ops-request.ts';
import { createOpsRoutes } from './routes.tsx';

dayjs.locale('zh-cn');

/** Wires the ops client's toasts to antd's context-aware message, and its sign-out to the router. */
function OpsRequestBridge({ onSignedOut }: { onSignedOut: () => void }) {
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      configureOpsRequest({
        notifyError: (text) => void message.error({ content: text, duration: 5, key: text }),
        onSignedOut,
      }),
    [message, onSignedOut],
  );
  return null;
}

/** The providers of the operator console (also used by its tests). */
export function OpsProviders({
  queryClient,
  onSignedOut,
  children,
}: {
  queryClient: QueryClient;
  onSignedOut: () => void;
  children: ReactNode;
}) {
  return (
    <AppProviders>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <OpsRequestBridge onSignedOut={onSignedOut} />
          {children}
        </AntApp>
      </QueryClientProvider>
    </AppProviders>
  );
}

export function OpsApp() {
  const [state] = useState(() => {
    const queryClient = createQueryClient();
    const router = createBrowserRouter(createOpsRoutes(queryClient));
    const onSignedOut = () => {
      queryClient.clear();
      void router.navigate(OPS_LOGIN_PATH, { replace: true });
    };
    return { queryClient, router, onSignedOut };
  });
  return (
    <OpsProviders queryClient={state.queryClient} onSignedOut={state.onSignedOut}>
      <RouterProvider router={state.router} />
    </OpsProviders>
  );
}
