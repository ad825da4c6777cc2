import { UPLOAD_MESSAGES } from '@corner/domain';
import type { Client } from 'urql';
import { errorCause } from '../../app/graphql/errors';
import { httpTimeoutMs, timeoutMessage } from '../../app/graphql/timeout';
import { GetFileUploadUrlMutation } from './graphql';
import { isAbortError, type UploadOptions } from './upload';

/** Where and how the browser sends one file straight to storage (getFileUploadUrl's answer). */
export interface SignedUpload {
  url: string;
  key: string;
  method: string;
  /** Headers the PUT must carry, as the server signed them. */
  headers: unknown;
  max_bytes: number;
}

/** The message of a PUT's network failure, as the app's other requests word it. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

function firstString(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * The message of a refused PUT: the JSON body's `message` (or `error`, `error.message`,
 * `errors[0].message`), an S3 XML `<Message>`, else "Request failed with status code {n}" (SPEC 8).
 */
export function putFailureMessage(status: number, body: string): string {
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      const error = json.error;
      const errors = Array.isArray(json.errors) ? (json.errors as unknown[]) : [];
      const found = firstString(
        json.message,
        typeof error === 'object' && error !== null ? (error as Record<string, unknown>).message : error,
        typeof errors[0] === 'object' && errors[0] !== null ? (errors[0] as Record<string, unknown>).message : null,
      );
      if (found) return found;
    } catch {
      // Not JSON after all: fall through to the status line.
    }
  }
  if (text.startsWith('<')) {
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1]?.trim();
    if (message) return message;
  }
  return `Request failed with status code ${status}`;
}

/** The headers getFileUploadUrl asked for, kept to string values (the JSON scalar is untyped). */
export function signedHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return out;
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number') out[name] = String(value);
  }
  return out;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/**
 * PUTs a file's raw bytes to a signed URL through XMLHttpRequest (fetch reports no upload
 * progress), within the app's HTTP timeout ("timeout of {n}ms exceeded"). Resolves null when
 * stored, else the message to show; rejects only when cancelled.
 */
export function putFile(target: Pick<SignedUpload, 'url' | 'method' | 'headers'>, file: Blob, options: UploadOptions = {}): Promise<string | null> {
  const { onProgress, signal, timeoutMs = httpTimeoutMs() } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const handleAbort = () => xhr.abort();
    signal?.addEventListener('abort', handleAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', handleAbort);
    xhr.open(target.method || 'PUT', target.url);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(signedHeaders(target.headers))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: Math.min(event.loaded, file.size), total: file.size });
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve(null);
      else resolve(putFailureMessage(xhr.status, xhr.responseText));
    });
    xhr.addEventListener('error', () => {
      settle();
      console.error('Direct upload failed', target.url);
      resolve(NETWORK_ERROR_MESSAGE);
    });
    xhr.addEventListener('timeout', () => {
      settle();
      console.error('Direct upload timed out', target.url);
      resolve(timeoutMessage(timeoutMs));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(file);
  });
}

/** Registers a finished PUT (createSubmissionFile or replaceSubmissionFile with the key): null or why not. */
export type RegisterUpload = (key: string, filename: string) => Promise<string | null>;

/**
 * One signed direct upload: asks getFileUploadUrl, PUTs the file there with progress, then lets
 * `register` turn the key into a file. Null when the file was stored, else the message to show;
 * rejects with an AbortError when cancelled.
 */
export async function sendDirect(client: Client, file: File, register: RegisterUpload, options: UploadOptions = {}): Promise<string | null> {
  const mimetype = file.type || 'application/octet-stream';
  const signed = await client.mutation(GetFileUploadUrlMutation, { filename: file.name, mimetype }).toPromise();
  if (options.signal?.aborted) throw abortError();
  if (signed.error || !signed.data) return signed.error ? errorCause(signed.error) : NETWORK_ERROR_MESSAGE;
  const target = signed.data.getFileUploadUrl;
  // The server's own limit for this upload wins over the one read from /config.json.
  if (target.max_bytes > 0 && file.size > target.max_bytes) return UPLOAD_MESSAGES.fileTooLarge(file.name, file.size, target.max_bytes);
  const problem = await putFile(target, file, options);
  if (problem) return problem;
  if (options.signal?.aborted) throw abortError();
  try {
    return await register(target.key, file.name);
  } catch (error) {
    if (isAbortError(error)) throw error;
    return error instanceof Error ? error.message : String(error);
  }
}
