import { useAppStore } from '../lib/app-store.ts';
import { isApiError } from '../lib/request.ts';

/** Records a client error: logged to the console and added to the in-app bug log (spec section 8). */
export function logClientError(error: unknown): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  console.error(err);
  useAppStore.getState().addErrorLog({
    message: err.message,
    url: window.location.href,
    stack: err.stack ?? '',
    time: Date.now(),
  });
}

let installed = false;

/** Catches uncaught errors and unhandled promise rejections globally. */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Resource load errors (an <img> 404) carry no error object and are not client bugs.
    if (event.error) logClientError(event.error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // Failed API calls are already shown to the user by the request layer.
    if (isApiError(reason)) return;
    logClientError(reason);
  });
}
