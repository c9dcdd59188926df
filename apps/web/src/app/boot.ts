import { PUBLIC_ROUTES, SCREEN_PATHS } from '@flexpay/contract/web';
import { useSession } from '../lib/session-store.ts';
import { getToken } from '../lib/token.ts';

/** Paths of the public routes: everything else is the protected tree. */
const PUBLIC_PATHS = new Set(PUBLIC_ROUTES.map((r) => r.path));

/**
 * The guard's no-token branch, run once before the router starts. React Router loads the lazy
 * code of every matched route while their loaders run, so a deep link opened without a token
 * would download the shell and its screen before `guardLoader` redirects. Sending that visitor
 * to /login first means the protected tree is never matched and none of its chunks load.
 * Answers whether it redirected. (In-app navigations without a token still meet `guardLoader`.)
 */
export function redirectSignedOutVisitor(location: Location = window.location, history: History = window.history) {
  if (getToken() || PUBLIC_PATHS.has(location.pathname)) return false;
  useSession.getState().setEnterRoute(location.pathname + location.search);
  history.replaceState(null, '', SCREEN_PATHS.login);
  return true;
}

/** The operator console's paths (its own subtree, chunk and sign-in). */
export const isOpsPath = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/');

/** 回单验真's paths (`/verify`, `/verify/:code`): public, a page of its own, signed in or not. */
export const isVerifyPath = (pathname: string) =>
  pathname === SCREEN_PATHS.verify || pathname.startsWith(`${SCREEN_PATHS.verify}/`);

/**
 * Which app the page starts: the operator console, 回单验真 alone, the sign-in page alone, or
 * the company console with its router. A visitor without a token on /login (or sent there from a deep link)
 * gets the sign-in page without the router, the shell's route table or the screen catalogue:
 * that is the smallest download of the console, kept within budget by `e2e/tests/budget.spec.ts`.
 * A visitor with a token on /login starts the console, whose /login route sends them home.
 */
export function startingApp(location: Location = window.location, history: History = window.history) {
  if (isOpsPath(location.pathname)) return 'ops' as const;
  if (isVerifyPath(location.pathname)) return 'verify' as const;
  redirectSignedOutVisitor(location, history);
  return !getToken() && location.pathname === SCREEN_PATHS.login ? ('login' as const) : ('console' as const);
}

export type TStartingApp = ReturnType<typeof startingApp>;
