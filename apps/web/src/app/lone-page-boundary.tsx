import { Component, lazy, Suspense, type ReactNode } from 'react';
import { logClientError } from './error-log.ts';

// Loaded only when the page fails, so its antd Result stays out of the first download.
const ErrorScreen = lazy(() => import('./error-screen.tsx').then((m) => ({ default: m.ErrorScreen })));

/**
 * The router's errorElement for a page that starts without the router (the lone sign-in page,
 * 回单验真): logs the error and shows the error screen.
 */
export class LonePageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
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
