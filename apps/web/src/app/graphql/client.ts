import { GRAPHQL_PATH } from '@corner/domain';
import { Kind, type DocumentNode } from '@0no-co/graphql.web';
import { persistedExchange } from '@urql/exchange-persisted';
import { startTransition } from 'react';
import { Client, cacheExchange, fetchExchange, mapExchange, type CombinedError, type Exchange, type Operation, type OperationResult } from 'urql';
import { authorizationText, classifyGraphQLError, isAuthorizationCategory } from './errors';
import { httpTimeoutMs, isEventStreamRequest, isStreamedResponse, startDeadline, timeoutMessage } from './timeout';

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
 *
 * With an HTTP timeout (`timeoutMs()`, HTTP_TIMEOUT_MS from /config.json; 0 is none), a request
 * whose whole answer has not arrived in time is aborted with "timeout of {n}ms exceeded" (SPEC 8),
 * which urql reports as a network error. Subscriptions (server-sent events, held open for live
 * updates) are never timed; a streamed answer only until it starts.
 */
export function createFetchWithStatus(timeoutMs: () => number = httpTimeoutMs): typeof fetch {
  return async (input, init) => {
    const ms = isEventStreamRequest(init) ? 0 : timeoutMs();
    if (!(ms > 0)) return checkStatus(await fetch(input, init));
    const deadline = startDeadline(ms, init?.signal);
    try {
      const response = await fetch(input, { ...init, signal: deadline.signal });
      // The whole answer counts, not only its headers: it is read before the clock stops.
      return await checkStatus(isStreamedResponse(response) ? response : await readWhole(response));
    } catch (error) {
      if (deadline.hasExpired()) throw new Error(timeoutMessage(ms));
      throw error;
    } finally {
      deadline.clear();
    }
  };
}

export const fetchWithStatus: typeof fetch = createFetchWithStatus();

async function checkStatus(response: Response): Promise<Response> {
  if (response.ok) return response;
  const contentType = response.headers.get('content-type') ?? '';
  if (/json/i.test(contentType) && (await hasGraphQLBody(response.clone()))) return response;
  throw new Error(`Request failed with status code ${response.status}`);
}

/** The same answer with its body already read (statuses that carry no body keep none). */
async function readWhole(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  return new Response([204, 205, 304].includes(response.status) ? null : body, init);
}

async function hasGraphQLBody(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && ('errors' in body || 'data' in body);
  } catch {
    return false;
  }
}

/**
 * The sha256 of a document's text, in hex: what the app sends instead of the text (SPEC 7's
 * `{hash}`); the server knows each hash from apps/web/persisted-operations.json. Web Crypto does it
 * where the browser offers it (https and localhost); elsewhere a small library, loaded only then.
 */
export async function documentHash(text: string, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (subtle) return hex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return hex(sha256(bytes));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A query's first answer reaches the components as a transition (`start`, React's
 * startTransition): React draws the page it fills (a list of rows, a creation's steps) in short
 * slices between which the browser answers the person, instead of one long task. Every later
 * answer to the same query (a refresh after an upload, a re-run after a mutation), and every
 * mutation's and subscription's, goes on at once as before: an answer to a query re-run while an
 * earlier answer's transition is still pending must not be rebased under it (urql's useQuery
 * re-creates its source in a state updater, and the files step lost answers that way when every
 * answer was a transition; docs/decisions.md, "First answers as transitions").
 */
export function transitionExchange(start: (deliver: () => void) => void = startTransition): Exchange {
  return ({ forward }) =>
    (operations$) => {
      const answered = new Set<number>();
      const results$ = forward(operations$);
      // A wonka operator written out (wonka's `make` and `subscribe` would add to the sign-in page's
      // download): every signal goes on as it came; a push (tag 1) of a query's first result inside `start`.
      return (sink) =>
        results$((signal) => {
          if (signal !== 0 && signal.tag === 1) {
            const { operation } = signal[0] as OperationResult;
            if (operation.kind === 'query' && !answered.has(operation.key)) {
              answered.add(operation.key);
              start(() => sink(signal));
              return;
            }
          }
          sink(signal);
        });
    };
}

/**
 * The urql client: POST to /graphql (never GET), each document sent as its sha256 hash, the token in the Authorization header ("Bearer "
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
      transitionExchange(),
      cacheExchange,
      mapExchange({ onError: (error, operation) => handleOperationError(error, operation, handlers) }),
      // Queries and mutations go as their hash; a server that does not know it asks for the text.
      persistedExchange({ generateHash: (text) => documentHash(text), enableForMutation: true, preferGetForPersistedQueries: false }),
      fetchExchange,
    ],
  });
}
