import { GraphQLError } from 'graphql';

/**
 * Error categories as a Laravel Lighthouse API sends them (DESIGN section 2): clients branch on
 * `extensions.category` and `extensions.code`; the message is for people.
 */
export type ErrorCategory = 'authorization' | 'authentication' | 'validation' | 'not_found' | 'throttled' | 'conflict' | 'graphql' | 'timeout';

/** An error a person may see. Each module maps its codes to exact messages in `<module>.errors.ts`. */
export class AppError extends GraphQLError {
  constructor(
    readonly code: string,
    message: string,
    category: ErrorCategory,
    extensions: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, category, ...extensions } });
  }
}

/** Why a request is not authorized; every reason has a message a person can act on. */
export const AuthorizationCode = {
  NOT_SIGNED_IN: 'NOT_SIGNED_IN',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  SESSION_REVOKED: 'SESSION_REVOKED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  NOT_OWNER: 'NOT_OWNER',
} as const;
export type AuthorizationCode = (typeof AuthorizationCode)[keyof typeof AuthorizationCode];

const AUTHORIZATION_REASONS: Record<AuthorizationCode, string> = {
  NOT_SIGNED_IN: 'You need to sign in to do this.',
  SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
  SESSION_REVOKED: 'You have been signed out. Please sign in again.',
  TOKEN_INVALID: 'Your sign-in is not valid. Please sign in again.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_OWNER: 'You can only do this with your own creations.',
};

/** The authorization error of SPEC section 8: category "authorization" with a human reason. */
export function authorizationError(code: AuthorizationCode): AppError {
  return new AppError(code, 'not-authorized', 'authorization', { reason: AUTHORIZATION_REASONS[code] });
}

/**
 * An input error in Lighthouse's shape: `extensions.validation` maps each field to its messages.
 * The message is the first field's first message, so a client that shows only the message is clear.
 */
export function validationError(fields: Record<string, string[]>, code = 'VALIDATION'): AppError {
  const first = Object.values(fields).find((m) => m.length > 0)?.[0] ?? 'The input is not valid.';
  return new AppError(code, first, 'validation', { validation: fields });
}

export function notFoundError(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} was not found.`, 'not_found');
}
