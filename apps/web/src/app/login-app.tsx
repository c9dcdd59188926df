import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { LoginPage } from '../features/auth/routes/login-page.tsx';
import { logClientError } from './error-log.ts';
import { AppProviders } from './providers.tsx';

// Loaded only when the page fails, so its antd Result stays out of the first download.
const ErrorScreen = lazy(() => import('./error-screen.tsx').then((m) => ({ default: m.ErrorScreen })));

/** The router's errorElement for the sign-in page that runs without the router. */
class LoginErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    logClientError(error);
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorScreen error={this.state.error} />
      </Suspense>
    );
  }
}

/**
 * The sign-in page of a visitor without a token, alone: no router, no route table, no screen
 * catalogue (see `startingApp`). Once signed in, `onSignedIn` starts the console at the target.
 */
export function LoginApp({ onSignedIn, onSubmit }: { onSignedIn: (target: string) => void; onSubmit?: () => void }) {
  const [companyIdParam] = useState(() => new URLSearchParams(window.location.search).get('companyId'));
  return (
    <AppProviders>
      <LoginErrorBoundary>
        <LoginPage companyIdParam={companyIdParam} onSignedIn={onSignedIn} onSubmit={onSubmit} />
      </LoginErrorBoundary>
    </AppProviders>
  );
}
