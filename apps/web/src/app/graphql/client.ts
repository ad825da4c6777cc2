import { GRAPHQL_PATH } from '@corner/domain';
import { Kind, type DocumentNode } from 'graphql';
import { Client, cacheExchange, fetchExchange, mapExchange, type CombinedError, type Operation } from 'urql';
import { authorizationText, classifyGraphQLError, isAuthorizationCategory } from './errors';

/** What the app does with the errors SPEC section 8 says are shown. */
export interface ErrorHandlers {
  /** A permission failure: `text` is extensions.reason or the message. */
  onAuthorizationError(text: string, shouldRevalidate: boolean): void;
  onNetworkError(text: string): void;
}

/** Operations whose network errors are silently ignored (SPEC section 8). */
const NETWORK_ERRORS_IGNORED = new Set(['getPackageDataFromUploadedFile']);

declare module '@urql/core' {
  interface OperationContext {
    /**
     * Errors of this operation are only logged, never shown or acted on: the caller handles them
     * (token validation, logout).
     */
    silentErrors?: boolean;
  }
}

/** The names of the root fields an operation asks for. */
export function rootFieldNames(document: DocumentNode): string[] {
  const names: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const selection of definition.selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    }
  }
  return names;
}

function operationLabel(operation: Operation): string {
  return rootFieldNames(operation.query).join(', ') || operation.kind;
}

/** Applies SPEC section 8 to one failed result. */
export function handleOperationError(error: CombinedError, operation: Operation, handlers: ErrorHandlers): void {
  const label = operationLabel(operation);
  const isSilent = operation.context.silentErrors === true;
  if (error.networkError) {
    console.error(`GraphQL network error (${label})`, error.networkError);
    const isIgnored = rootFieldNames(operation.query).some((name) => NETWORK_ERRORS_IGNORED.has(name));
    if (!isSilent && !isIgnored) handlers.onNetworkError(error.networkError.message);
  }
  for (const graphQLError of error.graphQLErrors) {
    const kind = classifyGraphQLError(graphQLError);
    if (kind === 'login') continue; // Shown by the sign-in form, which reads the mutation's result.
    console.error(`GraphQL error (${label})`, graphQLError);
    if (kind === 'authorization' && !isSilent) {
      handlers.onAuthorizationError(authorizationText(graphQLError), isAuthorizationCategory(graphQLError));
    }
  }
}

/**
 * fetch for urql that turns a non-2xx answer without a GraphQL body into the error message of
 * SPEC section 8 ("Request failed with status code {n}"). A non-2xx answer whose JSON carries
 * GraphQL `errors` or `data` is left to urql; any other body (HTML, `{error: ...}` of a 5xx, a
 * proxy's page) gets the status message.
 */
export const fetchWithStatus: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const contentType = response.headers.get('content-type') ?? '';
  if (/json/i.test(contentType) && (await hasGraphQLBody(response.clone()))) return response;
  throw new Error(`Request failed with status code ${response.status}`);
};

async function hasGraphQLBody(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && ('errors' in body || 'data' in body);
  } catch {
    return false;
  }
}

/**
 * The urql client: POST to /graphql (never GET), the token in the Authorization header ("Bearer "
 * plus the token, or an empty value), deduplicated requests (urql's default), document cache, and
 * subscriptions over the same fetch (server-sent events).
 * A client belongs to one token, so a new sign-in starts with an empty cache.
 */
export function createGraphQLClient(token: string | null, handlers: ErrorHandlers): Client {
  return new Client({
    url: GRAPHQL_PATH,
    preferGetMethod: false,
    // Subscriptions (live events) go through fetch as server-sent events, with the same headers.
    fetchSubscriptions: true,
    fetch: fetchWithStatus,
    fetchOptions: () => ({ headers: { Authorization: token ? `Bearer ${token}` : '' } }),
    exchanges: [
      cacheExchange,
      mapExchange({ onError: (error, operation) => handleOperationError(error, operation, handlers) }),
      fetchExchange,
    ],
  });
}
