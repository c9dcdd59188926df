import { useState } from 'react';
import { codeOfLocation, VerifyPage } from '../features/payroll/routes/verify-page.tsx';
import { LonePageBoundary } from './lone-page-boundary.tsx';
import { AppProviders } from './providers.tsx';

/**
 * 回单验真 for anyone, signed in or not (see `startingApp`): the page alone, without the router,
 * the console's shell or its session, the code taken from the address (`?code=` or `/verify/:code`).
 */
export function VerifyApp() {
  const [code] = useState(() => codeOfLocation(window.location));
  return (
    <AppProviders>
      <LonePageBoundary>
        <VerifyPage initialCode={code} />
      </LonePageBoundary>
    </AppProviders>
  );
}
