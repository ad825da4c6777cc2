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
 * A refusal that tells a signed-out person why first: not signed in (or the session's own problem,
 * such as an expired session) when nobody is signed in, else `code`.
 */
export function refuse(auth: { member: unknown; problem?: AuthorizationCode | null }, code: AuthorizationCode): AppError {
  return authorizationError(auth.member ? code : (auth.problem ?? AuthorizationCode.NOT_SIGNED_IN));
}

/** One code of a module's error table: its category, its exact message and where it belongs. */
export interface ErrorEntry<P> {
  category: ErrorCategory;
  /** The message a person reads, made from the facts the thrower passes. */
  message: (params: P) => string;
  /** The argument the error belongs to: adds Lighthouse's `extensions.validation = { [field]: [message] }`. */
  field?: string | ((params: P) => string);
  /** More `extensions` for clients (limits, ids, statuses), after `validation`. */
  extensions?: (params: P) => Record<string, unknown>;
}

/** The params argument of a code: optional when its message takes none. */
type ParamsArg<P> = [unknown] extends [P] ? [params?: Record<string, never>] : P extends Record<string, never> ? [params?: P] : [params: P];

/** A module's error function: `(code, params) => AppError`, with the table's codes in `codes`. */
export type ErrorFactory<P, E = AppError> = (<C extends keyof P & string>(code: C, ...params: ParamsArg<P[C]>) => E) & {
  readonly codes: readonly (keyof P & string)[];
};

/** The codes of a module's error function: `ErrorCodeOf<typeof featuredError>`. */
export type ErrorCodeOf<F extends { readonly codes: readonly string[] }> = F['codes'][number];

/**
 * A module's errors as one table, code to entry; returns the function that throws them. Each
 * entry's params are typed by its `message`, so a thrower passes facts (ids, statuses, limits) and
 * the sentence is written once, here. `options.error` makes instances of a subclass;
 * `options.extensions` adds extensions to every code of the table.
 */
export function defineErrors<P extends Record<string, unknown>, E = AppError>(
  table: { [C in keyof P]: ErrorEntry<P[C]> },
  options: {
    error?: new (code: string, message: string, category: ErrorCategory, extensions: Record<string, unknown>) => E;
    extensions?: (params: object) => Record<string, unknown>;
  } = {},
): ErrorFactory<P, E> {
  const ErrorClass = options.error ?? (AppError as unknown as new (...args: ConstructorParameters<typeof AppError>) => E);
  const create = <C extends keyof P & string>(code: C, ...[params]: ParamsArg<P[C]>): E => {
    const entry = table[code];
    const p = (params ?? {}) as P[C];
    const message = entry.message(p);
    const field = typeof entry.field === 'function' ? entry.field(p) : entry.field;
    return new ErrorClass(code, message, entry.category, {
      ...(field ? { validation: { [field]: [message] } } : {}),
      ...entry.extensions?.(p),
      ...options.extensions?.(p as object),
    });
  };
  return Object.assign(create, { codes: Object.keys(table) as (keyof P & string)[] });
}

/** A message followed by its lists of ids, each only when it has any: "… Missing: 3, 4. Listed twice: 5." */
export function withIdLists(message: string, lists: Record<string, readonly number[]>): string {
  const parts = Object.entries(lists).filter(([, ids]) => ids.length > 0).map(([label, ids]) => `${label}: ${ids.join(', ')}.`);
  return [message, ...parts].join(' ');
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
