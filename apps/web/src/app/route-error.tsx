import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { logClientError } from './error-log.ts';
import { ErrorScreen } from './error-screen.tsx';

/** A screen that threw while rendering or loading: logged to the bug log, with a way back. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) logClientError(error);
  }, [error]);
  return <ErrorScreen error={error} />;
}
