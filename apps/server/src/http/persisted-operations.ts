import fs from 'node:fs';
import path from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Plugin } from 'graphql-yoga';

/** Where `npm run schema` writes the web app's operations (scripts/web-operations.ts). */
export const PERSISTED_OPERATIONS_FILE = path.resolve(import.meta.dirname, '../../../web/persisted-operations.json');

/** The message urql's persisted exchange (and Apollo's) answers by sending the document's text. */
export const PERSISTED_QUERY_NOT_FOUND = 'PersistedQueryNotFound';

/** The documents the web app ships, by the sha256 of their text (SPEC 7's `{hash}`). */
export interface PersistedOperations {
  get(hash: string): string | undefined;
  values(): Iterable<string>;
  readonly size: number;
}

export function loadPersistedOperations(file = PERSISTED_OPERATIONS_FILE): PersistedOperations {
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(entries));
}

/** The sha256 hash a request body names (`extensions.persistedQuery.sha256Hash`), if any. */
export function persistedHash(body: { extensions?: unknown }): string | null {
  const persisted = (body.extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : null;
}

/**
 * The text of a request's operation: its own `query` when it sends one (any client may send any
 * document, within the operation limits), else the persisted document its hash names. `missing`
 * when it names a hash the server does not know: the client then sends the text.
 */
export function operationText(
  body: { query?: unknown; extensions?: unknown },
  operations: PersistedOperations,
): { query: string } | { missing: string } | null {
  if (typeof body.query === 'string') return { query: body.query };
  const hash = persistedHash(body);
  if (hash === null) return null;
  const query = operations.get(hash);
  return query === undefined ? { missing: hash } : { query };
}

/** The answer to an unknown hash, as the persisted-query protocol words it. */
export function persistedQueryNotFound(): { errors: { message: string; extensions: Record<string, unknown> }[] } {
  return { errors: [{ message: PERSISTED_QUERY_NOT_FOUND, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] };
}

/** Yoga's persisted-operations plugin for requests that take Yoga's own path (GET, other shapes). */
export function usePersistedWebOperations(operations: PersistedOperations): Plugin {
  return usePersistedOperations({
    getPersistedOperation: (hash) => operations.get(hash) ?? null,
    // Other API clients send their own documents; only the web app's are known by hash.
    allowArbitraryOperations: true,
  });
}
