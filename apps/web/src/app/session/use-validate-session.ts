import { LOGIN_REDIRECT_DELAY_MS } from '@corner/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useClient } from 'urql';
import { MeQuery } from '../../features/member/graphql';
import { useHasValidationFailed, useSessionValue, useToken } from '../../features/member/hooks/use-session';
import { sessionStore, type LoginRedirectState } from '../../features/member/session';
import type { SessionState } from '../../features/member/session-store';
import { showError } from '../error/error-store';
import { errorCause } from '../graphql/errors';

/** How long after a check that got no answer it is asked again, once. */
const VALIDATION_RETRY_MS = 1000;

const validationAsked = (state: SessionState) => state.shouldValidateToken;
const validationDelay = (state: SessionState) => state.validationDelayMs;

/**
 * The session check in a component of its own (the app layout renders it), so that its steps
 * (asked, started, answered) render nothing else again.
 */
export function SessionCheck(): null {
  useValidateSession();
  return null;
}

/**
 * Runs the token validation of SPEC section 4: whenever a validation is asked for (a stored token on
 * first load, after TOKEN_VALIDATION_DELAY_MS; a sign-in; an authorization error), query `me` from
 * the network. On failure: log, show "Error getting token" plus the cause (none when `me` is null),
 * delete the token, reset, and after LOGIN_REDIRECT_DELAY_MS go to /login, keeping the wanted path.
 * A check that got no answer at all is asked once more, a second later, before it counts as failed.
 */
export function useValidateSession(): void {
  const token = useToken();
  const shouldValidateToken = useSessionValue(validationAsked);
  const validationDelayMs = useSessionValue(validationDelay);
  const hasValidationFailed = useHasValidationFailed();
  const client = useClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    if (token === null || !shouldValidateToken) return;
    let retry: number | undefined;
    const timer = window.setTimeout(() => {
      const validating = sessionStore.beginValidation();
      if (validating === null) return;
      const validate = (isRetry: boolean) =>
        void client
          .query(
            MeQuery,
            {},
            {
              requestPolicy: 'network-only',
              silentErrors: true,
              // The token being validated, whatever client instance happens to run the query.
              fetchOptions: { headers: { Authorization: `Bearer ${validating}` } },
            },
          )
          .toPromise()
          .then((result) => {
            const me = result.data?.me ?? null;
            if (!result.error && me) {
              sessionStore.confirm(validating, me);
              return;
            }
            // No answer at all (the browser cancelled the request as the member left the page, or
            // the line dropped for a moment): ask once more before signing the member out. A page
            // being left never gets to the second try (docs/decisions.md, "A check with no answer").
            if (result.error?.networkError && !isRetry) {
              retry = window.setTimeout(() => validate(true), VALIDATION_RETRY_MS);
              return;
            }
            const cause = result.error ? errorCause(result.error) : null;
            console.error('Error getting token', result.error ?? 'me is null');
            showError(cause ? t('session.errorGettingTokenWithCause', { cause }) : t('session.errorGettingToken'));
            sessionStore.reject(validating);
          });
      validate(false);
    }, validationDelayMs);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(retry);
    };
  }, [token, shouldValidateToken, validationDelayMs, client, t]);

  useEffect(() => {
    if (!hasValidationFailed) return;
    const timer = window.setTimeout(() => {
      const { pathname, search, hash } = locationRef.current;
      if (pathname !== '/login') {
        const state: LoginRedirectState = { from: `${pathname}${search}${hash}` };
        void navigate('/login', { replace: true, state });
      }
      sessionStore.acknowledgeFailure();
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hasValidationFailed, navigate]);
}
