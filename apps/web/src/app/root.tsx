import { lazy, Suspense, useState } from 'react';
import { startingApp, type TStartingApp } from './boot.ts';

/** The operator console (/ops) is a separate subtree and chunk: the company console never loads it. */
const OpsApp = lazy(() => import('../ops/ops-app.tsx').then((m) => ({ default: m.OpsApp })));
/** The company console: its router, shell and screens. */
const loadConsole = () => import('./app.tsx');
const ConsoleApp = lazy(() => loadConsole().then((m) => ({ default: m.App })));
/**
 * Sending the sign-in form starts the download of the console (router, routes) while the server
 * checks the password, so signing in does not wait for it. Not before: the sign-in page's own
 * download stays small.
 */
const preloadConsole = () => void loadConsole().catch(() => undefined);
/** 回单验真 (/verify), public: its own small chunk, without the router or the console. */
const VerifyApp = lazy(() => import('./verify-app.tsx').then((m) => ({ default: m.VerifyApp })));
/** The sign-in page alone, for a visitor without a token (the router loads after signing in). */
const LoginApp = lazy(() => import('./login-app.tsx').then((m) => ({ default: m.LoginApp })));

/**
 * The page's root: one of the four apps, each its own chunk, chosen by `startingApp`. Signing in
 * on the lone sign-in page moves the address to the wanted path and starts the console there.
 */
export function Root({ start }: { start?: TStartingApp }) {
  const [app, setApp] = useState<TStartingApp>(() => start ?? startingApp());
  return (
    <Suspense fallback={null}>
      {app === 'ops' && <OpsApp />}
      {app === 'verify' && <VerifyApp />}
      {app === 'login' && (
        <LoginApp
          onSubmit={preloadConsole}
          onSignedIn={(target) => {
            window.history.replaceState(null, '', target);
            setApp('console');
          }}
        />
      )}
      {app === 'console' && <ConsoleApp />}
    </Suspense>
  );
}
