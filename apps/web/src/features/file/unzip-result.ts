/** What unzipSubmissionFile answered, read from its JSON string. */
export interface UnzipResult {
  /** ok: unpacked; pending: still running in the background; error: refused or failed. */
  status: 'ok' | 'pending' | 'error';
  /** The server's words: what was unpacked or skipped, or why it failed. */
  message: string;
  /** The new files' ids (ok only). */
  files: number[];
}

/** SPEC section 8's default text of an error without words. */
export const NO_MESSAGE = 'no message given';

/**
 * Reads unzipSubmissionFile's answer. Anything that is not the documented shape is an error with
 * whatever text came, so a broken answer is shown rather than mistaken for success.
 */
export function readUnzipResult(answer: string | null | undefined): UnzipResult {
  let body: unknown;
  try {
    body = JSON.parse(answer ?? '');
  } catch {
    return { status: 'error', message: answer?.trim() || NO_MESSAGE, files: [] };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 'error', message: NO_MESSAGE, files: [] };
  const { status, message, files } = body as Record<string, unknown>;
  const text = typeof message === 'string' && message.trim() !== '' ? message.trim() : NO_MESSAGE;
  const ids = Array.isArray(files) ? files.filter((id): id is number => typeof id === 'number' && Number.isInteger(id)) : [];
  if (status === 'ok' || status === 'pending') return { status, message: typeof message === 'string' ? message.trim() : '', files: ids };
  return { status: 'error', message: text, files: [] };
}

/** How long the files step keeps looking for a background unzip's files, and how often. */
export const UNZIP_FOLLOW_MS = 60_000;
export const UNZIP_POLL_MS = 3_000;
