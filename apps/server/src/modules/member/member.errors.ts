import { LOGIN_MESSAGES } from '@corner/domain';
import { defineErrors, type ErrorCodeOf } from '../../errors';

/** A throttled sign-in: where the failures came from, and when to try again (also in `extensions`). */
function throttled(from: string) {
  return {
    category: 'throttled',
    message: (p: { minutes: number }) =>
      `Too many failed sign-in attempts ${from}. Please wait ${p.minutes} minute${p.minutes === 1 ? '' : 's'} and try again.`,
    extensions: (p: { minutes: number }) => ({ retryAfterMinutes: p.minutes }),
  } as const;
}

export const memberError = defineErrors({
  WRONG_CREDENTIALS: { category: 'authentication', message: () => LOGIN_MESSAGES.wrongCredentials },
  EMAIL_MISSING: { category: 'validation', field: 'user', message: () => LOGIN_MESSAGES.emailMissing },
  PASSWORD_MISSING: { category: 'validation', field: 'password', message: () => LOGIN_MESSAGES.passwordMissing },
  THROTTLED_ACCOUNT: throttled('for this account'),
  THROTTLED_ADDRESS: throttled('from your network'),
  LOGIN_KEY_DISABLED: { category: 'authentication', message: () => 'Signing in from the main site is not set up on this portal.' },
  LOGIN_KEY_INVALID: {
    category: 'authentication',
    message: () => 'This sign-in link is invalid, has expired or was already used. Please sign in again from the main site.',
  },
});
export type MemberErrorCode = ErrorCodeOf<typeof memberError>;
