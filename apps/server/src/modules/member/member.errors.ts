import { LOGIN_MESSAGES } from '@corner/domain';
import { AppError, type ErrorCategory } from '../../errors';

export const MemberErrorCode = {
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  EMAIL_MISSING: 'EMAIL_MISSING',
  PASSWORD_MISSING: 'PASSWORD_MISSING',
  THROTTLED_ACCOUNT: 'THROTTLED_ACCOUNT',
  THROTTLED_ADDRESS: 'THROTTLED_ADDRESS',
  LOGIN_KEY_DISABLED: 'LOGIN_KEY_DISABLED',
  LOGIN_KEY_INVALID: 'LOGIN_KEY_INVALID',
} as const;
export type MemberErrorCode = (typeof MemberErrorCode)[keyof typeof MemberErrorCode];

const MESSAGES: Record<MemberErrorCode, (minutes?: number) => string> = {
  WRONG_CREDENTIALS: () => LOGIN_MESSAGES.wrongCredentials,
  EMAIL_MISSING: () => LOGIN_MESSAGES.emailMissing,
  PASSWORD_MISSING: () => LOGIN_MESSAGES.passwordMissing,
  THROTTLED_ACCOUNT: (m) =>
    `Too many failed sign-in attempts for this account. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
  THROTTLED_ADDRESS: (m) =>
    `Too many failed sign-in attempts from your network. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
  LOGIN_KEY_DISABLED: () => 'Signing in from the main site is not set up on this portal.',
  LOGIN_KEY_INVALID: () => 'This sign-in link is invalid or has expired. Please sign in again on the main site.',
};

const CATEGORIES: Record<MemberErrorCode, ErrorCategory> = {
  WRONG_CREDENTIALS: 'authentication',
  EMAIL_MISSING: 'validation',
  PASSWORD_MISSING: 'validation',
  THROTTLED_ACCOUNT: 'throttled',
  THROTTLED_ADDRESS: 'throttled',
  LOGIN_KEY_DISABLED: 'authentication',
  LOGIN_KEY_INVALID: 'authentication',
};

export function memberError(code: MemberErrorCode, minutes?: number): AppError {
  const message = MESSAGES[code](minutes);
  const extra =
    code === 'EMAIL_MISSING' ? { validation: { user: [message] } } : code === 'PASSWORD_MISSING' ? { validation: { password: [message] } } : {};
  return new AppError(code, message, CATEGORIES[code], { ...extra, ...(minutes ? { retryAfterMinutes: minutes } : {}) });
}
