import { useLocation } from 'react-router';
import { codeOfLocation, VerifyPage } from '../features/payroll/routes/verify-page.tsx';

/**
 * 回单验真 inside the router (a link followed within the console; a fresh load of /verify starts
 * `VerifyApp` instead, see `startingApp`): the code from the address, a new page for a new code.
 */
export function VerifyRoute() {
  const location = useLocation();
  const code = codeOfLocation(location);
  return <VerifyPage key={code} initialCode={code} />;
}
