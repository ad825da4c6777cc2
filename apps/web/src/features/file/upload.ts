import { GRAPHQL_PATH } from '@corner/domain';
import { CombinedError, getOperationName, stringifyDocument, type TypedDocumentNode } from '@urql/core';
import type { DocumentNode, GraphQLFormattedError } from 'graphql';
import { showError } from '../../app/error/error-store';
import { authorizationText, classifyGraphQLError, isAuthorizationCategory } from '../../app/graphql/errors';
import { httpTimeoutMs, timeoutMessage } from '../../app/graphql/timeout';
import { sessionStore } from '../member/session';

/** The name of the Upload variable every upload mutation of the app uses (`file: Upload!`). */
export const FILE_VARIABLE = 'file';

/** How far a request body has been sent. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the request; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Give up after this long, as the app's other requests do; HTTP_TIMEOUT_MS unless given, 0 for never. */
  timeoutMs?: number;
}

/** An upload's GraphQL answer, shaped like urql's results so that `errorCause` reads its error. */
export interface UploadResult<Data> {
  data: Data | null;
  error: CombinedError | null;
}

/** The variables of an upload mutation without the file, which travels as its own part. */
export type UploadVariables<Variables> = Omit<Variables, typeof FILE_VARIABLE>;

/**
 * The body of a GraphQL multipart request (github.com/jaydenseric/graphql-multipart-request-spec):
 * `operations` (the operation with the file variable null), `map` (which variable file "0" fills),
 * then the file as part "0". The file part must come last, so the server can stream it.
 */
export function buildMultipartBody(document: DocumentNode, variables: Record<string, unknown>, file: Blob, filename: string): FormData {
  const operations = {
    operationName: getOperationName(document) ?? null,
    query: stringifyDocument(document),
    variables: { ...variables, [FILE_VARIABLE]: null },
  };
  const body = new FormData();
  body.append('operations', JSON.stringify(operations));
  body.append('map', JSON.stringify({ 0: [`variables.${FILE_VARIABLE}`] }));
  body.append('0', file, filename);
  return body;
}

/** What the app does with an upload's permission failures (SPEC section 8), as the urql client does. */
export interface UploadErrorHandlers {
  onAuthorizationError(text: string, shouldRevalidate: boolean): void;
}

const appHandlers: UploadErrorHandlers = {
  onAuthorizationError(text, shouldRevalidate) {
    showError(text);
    if (shouldRevalidate) sessionStore.requestValidation();
  },
};

/**
 * Applies SPEC section 8 to an upload's GraphQL errors: all are logged; permission failures go to
 * the banner and ask for re-validation (category authorization). The others (too large, not an
 * image, …) are left to the caller, which shows them beside the file.
 */
export function reportUploadErrors(label: string, errors: readonly GraphQLFormattedError[], handlers: UploadErrorHandlers = appHandlers): void {
  for (const error of errors) {
    console.error(`GraphQL error (${label})`, error);
    if (classifyGraphQLError(error) === 'authorization') {
      handlers.onAuthorizationError(authorizationText(error), isAuthorizationCategory(error));
    }
  }
}

/** Reads a GraphQL response body; null when it is not one. */
export function parseGraphQLResponse(text: string): { data?: unknown; errors?: GraphQLFormattedError[] } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    const { data, errors } = body as Record<string, unknown>;
    if (data === undefined && !Array.isArray(errors)) return null;
    return { data, errors: Array.isArray(errors) ? (errors as GraphQLFormattedError[]) : undefined };
  } catch {
    return null;
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Sends one upload mutation as a multipart request through XMLHttpRequest, which (unlike fetch)
 * reports the upload's progress. POST to /graphql with the same Authorization header as the urql
 * client ("Bearer " and the stored token, or empty), and the same timeout: the whole upload must be
 * done within HTTP_TIMEOUT_MS ("timeout of {n}ms exceeded"). Resolves with the GraphQL answer
 * (errors included) or a network error; rejects only when cancelled.
 */
export function uploadGraphQL<Data, Variables extends { [FILE_VARIABLE]: unknown }>(
  document: TypedDocumentNode<Data, Variables>,
  variables: UploadVariables<Variables>,
  file: File,
  options: UploadOptions = {},
): Promise<UploadResult<Data>> {
  const { onProgress, signal, timeoutMs = httpTimeoutMs() } = options;
  const label = getOperationName(document) ?? 'upload';
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const token = sessionStore.getState().token;
    const xhr = new XMLHttpRequest();
    const networkFailure = (message: string) => {
      const error = new Error(message);
      console.error(`GraphQL network error (${label})`, error);
      resolve({ data: null, error: new CombinedError({ networkError: error }) });
    };
    const handleAbort = () => xhr.abort();
    signal?.addEventListener('abort', handleAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', handleAbort);

    xhr.open('POST', GRAPHQL_PATH);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Authorization', token ? `Bearer ${token}` : '');
    xhr.setRequestHeader('Accept', 'application/graphql-response+json, application/json');
    xhr.upload.addEventListener('progress', (event) => {
      // The body is a little larger than the file (the form's other parts): report the file's share.
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      onProgress?.({ loaded: Math.min(file.size, Math.round((event.loaded / total) * file.size)), total: file.size });
    });
    xhr.addEventListener('load', () => {
      settle();
      const body = parseGraphQLResponse(xhr.responseText);
      if (!body) {
        networkFailure(xhr.status >= 200 && xhr.status < 300 ? 'The server sent an answer that could not be read.' : `Request failed with status code ${xhr.status}`);
        return;
      }
      const errors = body.errors ?? [];
      reportUploadErrors(label, errors);
      resolve({
        data: (body.data ?? null) as Data | null,
        error: errors.length > 0 ? new CombinedError({ graphQLErrors: errors.map((e) => ({ ...e })) }) : null,
      });
    });
    xhr.addEventListener('error', () => {
      settle();
      networkFailure('Network Error');
    });
    xhr.addEventListener('timeout', () => {
      settle();
      networkFailure(timeoutMessage(timeoutMs));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(buildMultipartBody(document, variables as Record<string, unknown>, file, file.name));
  });
}
