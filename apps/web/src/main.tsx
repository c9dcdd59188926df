import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installGlobalErrorHandlers } from './app/error-log.ts';
import './styles.css';

installGlobalErrorHandlers();

/** The operator console (/ops) is a separate subtree and chunk: the company console never loads it. */
const OpsApp = lazy(() => import('./ops/ops-app.tsx').then((m) => ({ default: m.OpsApp })));
const isOpsPath = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/');

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    {isOpsPath(window.location.pathname) ? (
      <Suspense fallback={null}>
        <OpsApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
