import { useState } from 'react';
import { LoginPage } from '../features/auth/routes/login-page.tsx';
import { LonePageBoundary } from './lone-page-boundary.tsx';
import { AppProviders } from './providers.tsx';

/**
 * The sign-in page of a visitor without a token, alone: no router, no route table, no screen
 * catalogue (see `startingApp`). Once signed in, `onSignedIn` starts the console at the target.
 */
export function LoginApp({ onSignedIn, onSubmit }: { onSignedIn: (target: string) => void; onSubmit?: () => void }) {
  const [companyIdParam] = useState(() => new URLSearchParams(window.location.search).get('companyId'));
  return (
    <AppProviders>
      <LonePageBoundary>
        <LoginPage companyIdParam={companyIdParam} onSignedIn={onSignedIn} onSubmit={onSubmit} />
      </LonePageBoundary>
    </AppProviders>
  );
}
