import { getSiteConfig } from '../site-config';

/** SPEC 8's words for a request that took longer than the HTTP timeout. */
export function timeoutMessage(ms: number): string {
  return `timeout of ${ms}ms exceeded`;
}

/** The HTTP timeout the server publishes (HTTP_TIMEOUT_MS in /config.json); 0, the default, is none. */
export function httpTimeoutMs(): number {
  return getSiteConfig().httpTimeoutMs;
}

/**
 * A subscription's request: urql asks for `text/event-stream` first only for subscriptions (queries
 * and mutations ask for JSON first). Its answer stays open for live updates, so it never times out.
 */
export function isEventStreamRequest(init: RequestInit | undefined): boolean {
  const accept = new Headers(init?.headers).get('accept') ?? '';
  return /^\s*text\/event-stream/i.test(accept);
}

/** An answer that arrives in parts (server-sent events, multipart): only its start is timed. */
export function isStreamedResponse(response: Response): boolean {
  return /text\/event-stream|multipart\/mixed/i.test(response.headers.get('content-type') ?? '');
}

/** A request's deadline: a signal that aborts after `ms` or when the caller's own signal does. */
export interface Deadline {
  signal: AbortSignal;
  /** The time ran out (rather than the caller cancelling). */
  hasExpired(): boolean;
  /** The request is done: stop the clock. */
  clear(): void;
}

export function startDeadline(ms: number, outer: AbortSignal | null | undefined): Deadline {
  const controller = new AbortController();
  let hasExpired = false;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => {
    hasExpired = true;
    controller.abort(new Error(timeoutMessage(ms)));
  }, ms);
  return {
    signal: controller.signal,
    hasExpired: () => hasExpired,
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
