import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App({ router }: { router?: ReturnType<typeof createAppRouter> }) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <AppProviders>
      <RouterProvider router={appRouter} />
    </AppProviders>
  );
}
