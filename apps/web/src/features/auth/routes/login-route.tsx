import { useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from './login-page.tsx';

/** /login inside the console's router (reached by an in-app redirect): the sign-in page, then the wanted path. */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <LoginPage
      companyIdParam={params.get('companyId')}
      onSignedIn={(target) => void navigate(target, { replace: true })}
    />
  );
}
