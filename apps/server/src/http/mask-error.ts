import { GraphQLError } from 'graphql';
import { maskError as yogaMaskError } from 'graphql-yoga';

/** SQLSTATE of a statement the server cancelled: here, DATABASE_STATEMENT_TIMEOUT_MS ran out. */
const QUERY_CANCELED = '57014';

export const TIMEOUT_MESSAGE =
  'This took too long and was stopped. Narrow it down (a shorter search, a smaller page) or try again in a moment.';

/** Whether the error, or anything that caused it (Drizzle wraps the driver's), is a cancelled statement. */
function isCancelledStatement(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth += 1) {
    if ((cause as { code?: unknown }).code === QUERY_CANCELED) return true;
    cause = (cause as { originalError?: unknown; cause?: unknown }).originalError ?? (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Yoga's error masking (internals never reach a client), except that a statement the database
 * cancelled for running past its time budget says so, with `extensions.code = "TIMEOUT"`.
 */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  if (isCancelledStatement(error)) {
    const graphQLError = error instanceof GraphQLError ? error : null;
    return new GraphQLError(TIMEOUT_MESSAGE, {
      nodes: graphQLError?.nodes ?? null,
      path: graphQLError?.path ?? null,
      extensions: { code: 'TIMEOUT', category: 'timeout' },
    });
  }
  return yogaMaskError(error, message, isDev);
}
