import { Navigate, Outlet, useLocation } from 'react-router';
import { useHasValidationFailed, useMember, useToken } from '../../features/member/hooks/use-session';
import type { LoginRedirectState } from '../../features/member/session';
import { PageLoader } from '../shell/page-loader';

/**
 * The navigation guard of SPEC section 2 around every route but /login and the not-found page:
 * - no stored token: redirect to /login, keeping the wanted path for after sign-in;
 * - token not yet confirmed: a loading spinner;
 * - confirmed: the page. A re-validation after an authorization error keeps the page on screen.
 */
export function RequireSession() {
  const token = useToken();
  const member = useMember();
  const hasValidationFailed = useHasValidationFailed();
  const location = useLocation();
  if (token === null) {
    // Just refused: the validation sends the user to /login after LOGIN_REDIRECT_DELAY_MS.
    if (hasValidationFailed) return <PageLoader />;
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (member === null) return <PageLoader />;
  return <Outlet />;
}
