import { THROTTLE_CODES, type ApiErrorCode } from '@corner/domain';
import type { CombinedError } from '@urql/core';

/** The parts of a GraphQL error the app reads (SPEC section 8, DESIGN section 2). */
export interface GraphQLErrorLike {
  message: string;
  path?: readonly (string | number)[] | undefined;
  extensions?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * How the app treats a GraphQL error:
 * - `login`: an error at path "login", shown on the sign-in form;
 * - `authorization`: category "authorization" or message "not-authorized", shown in the banner;
 * - `other`: only logged.
 */
export type GraphQLErrorKind = 'login' | 'authorization' | 'other';

export function classifyGraphQLError(error: GraphQLErrorLike): GraphQLErrorKind {
  // Sign-in failures come first: whatever their category, they belong on the form.
  if (error.path?.[0] === 'login') return 'login';
  if (isAuthorizationCategory(error) || error.message === 'not-authorized') return 'authorization';
  return 'other';
}

/** Only the category (not the bare message) marks the token as not validated (SPEC section 8). */
export function isAuthorizationCategory(error: GraphQLErrorLike): boolean {
  return error.extensions?.category === 'authorization';
}

/** The text shown for a permission failure: `extensions.reason`, or else the message. */
export function authorizationText(error: GraphQLErrorLike): string {
  const reason = error.extensions?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : error.message;
}

/** The message of the first error at path "login", for the sign-in form. */
export function loginErrorMessage(error: CombinedError | undefined): string | null {
  const found = error?.graphQLErrors.find((e) => classifyGraphQLError(e) === 'login');
  return found ? found.message : null;
}

/** A readable cause for a failed request, without urql's "[GraphQL]"/"[Network]" prefixes. */
export function errorCause(error: CombinedError): string {
  const first = error.graphQLErrors[0];
  if (first) return classifyGraphQLError(first) === 'authorization' ? authorizationText(first) : first.message;
  if (error.networkError) return error.networkError.message;
  return error.message.replace(/^\[(GraphQL|Network)\]\s*/, '');
}

/**
 * The field messages of a validation error (`extensions.validation`, Lighthouse style), keyed by
 * the field path after `prefix`: with the prefix "input.", "input.name" becomes "name" and
 * "input.required_items.0.download" becomes "required_items.0.download". The first message of each
 * field is kept.
 */
export function validationMessages(error: CombinedError | undefined, prefix = 'input.'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const graphQLError of error?.graphQLErrors ?? []) {
    const validation = graphQLError.extensions?.validation;
    if (typeof validation !== 'object' || validation === null) continue;
    for (const [path, messages] of Object.entries(validation as Record<string, unknown>)) {
      if (!path.startsWith(prefix)) continue;
      const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
      const field = path.slice(prefix.length);
      if (first && field && !(field in fields)) fields[field] = first;
    }
  }
  return fields;
}

/** Whether the request failed with the given code (`extensions.code` of any of its errors). */
export function hasErrorCode(error: CombinedError | undefined, code: ApiErrorCode): boolean {
  return error?.graphQLErrors.some((e) => e.extensions?.code === code) ?? false;
}

/**
 * How long a throttled request must wait, in milliseconds: `extensions.retryAfter` (seconds, the
 * rate limits) or `retryAfterMinutes` (sign-in attempts); null when the failure is not a throttle.
 */
export function throttleWaitMs(error: CombinedError | undefined): number | null {
  const found = error?.graphQLErrors.find((e) => THROTTLE_CODES.includes(String(e.extensions?.code)));
  if (!found) return null;
  const seconds = Number(found.extensions?.retryAfter);
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  const minutes = Number(found.extensions?.retryAfterMinutes);
  return Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 60_000;
}
