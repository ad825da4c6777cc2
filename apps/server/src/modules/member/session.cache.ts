import type { Database } from '../../db/client';
import { loadSession, type SessionRow } from './session.sql';

/** The channel migration 0026's triggers announce a change of sessions, members, roles or permissions on. */
export const AUTH_CHANNEL = 'corner_auth';

/** Sessions kept at most this many at once per process; the oldest goes first. */
export const MAX_KEPT_SESSIONS = 10_000;

/**
 * The sessions behind tokens, as every request needs them (docs/decisions.md, "Sessions kept for
 * a few seconds"). Looking one up was the first statement of every request, and a page sends several
 * requests with one token at once, so a process keeps what it looked up for `seconds`:
 * - every process forgets everything it keeps when anything a lookup reads changes, however and
 *   wherever it was changed (migration 0026 announces it on `corner_auth`);
 * - nothing is kept while the process is not hearing those announcements (before it listens, and
 *   while a dropped connection is reopened), and all is forgotten when it hears again;
 * - a lookup that was under way when a change was announced is not kept (it may have read the
 *   rows as they were), and lookups of one token at the same moment share one statement;
 * - an unknown token is never kept (anyone can send a million of them).
 * Expiry and revocation are still checked on every request (`resolveAuth`).
 */
export interface Sessions {
  find(tokenHash: string): Promise<SessionRow | null>;
  /** Forget everything kept: this process changed a session (the announcement will come too). */
  forget(): void;
  /** Sessions kept now (tests and metrics). */
  size(): number;
  close(): Promise<void>;
}

/**
 * A kept session is shared by every request that finds it: frozen, so that code changing what one
 * request sees of its member fails loudly instead of changing it for the others.
 */
function frozen(row: SessionRow | null): SessionRow | null {
  if (!row) return row;
  for (const role of row.roles) {
    for (const permission of role.permissions) Object.freeze(permission);
    Object.freeze(role.permissions);
    Object.freeze(role);
  }
  Object.freeze(row.roles);
  return Object.freeze(row);
}

interface Kept {
  row: SessionRow;
  until: number;
}

export interface SessionsOptions {
  /** How long a looked-up session is kept, in seconds; 0 looks every one up. */
  seconds: number;
  now?: () => number;
  /** How a session is looked up (tests slow it down); `loadSession` on the database by default. */
  lookUp?: (tokenHash: string) => Promise<SessionRow | null>;
}

/** Every session looked up when asked for (SESSION_CACHE_SECONDS=0, and background jobs, which have no tokens). */
export function uncachedSessions(database: Pick<Database, 'db'>): Sessions {
  return { find: (tokenHash) => loadSession(database.db, tokenHash), forget: () => {}, size: () => 0, close: async () => {} };
}

export async function openSessions(database: Database, options: SessionsOptions): Promise<Sessions> {
  if (options.seconds <= 0) return uncachedSessions(database);
  const read = options.lookUp ?? ((tokenHash: string) => loadSession(database.db, tokenHash));
  const lookUp = (tokenHash: string) => read(tokenHash).then(frozen);
  const now = options.now ?? Date.now;
  const ttl = options.seconds * 1000;
  const kept = new Map<string, Kept>();
  const pending = new Map<string, Promise<SessionRow | null>>();
  let epoch = 0;
  let hearing = false;
  const forget = () => {
    epoch += 1;
    kept.clear();
    pending.clear();
  };
  const stopListening = await database.listen(AUTH_CHANNEL, forget, (listening) => {
    hearing = listening;
    forget();
  });
  return {
    find(tokenHash) {
      if (!hearing) return lookUp(tokenHash);
      const found = kept.get(tokenHash);
      if (found && found.until > now()) return Promise.resolve(found.row);
      const under = pending.get(tokenHash);
      if (under) return under;
      const started = epoch;
      const lookup = lookUp(tokenHash).then(
        (row) => {
          if (epoch !== started) return row;
          pending.delete(tokenHash);
          if (row && hearing) {
            kept.delete(tokenHash);
            if (kept.size >= MAX_KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
            kept.set(tokenHash, { row, until: now() + ttl });
          }
          return row;
        },
        (error: unknown) => {
          if (epoch === started) pending.delete(tokenHash);
          throw error;
        },
      );
      pending.set(tokenHash, lookup);
      return lookup;
    },
    forget,
    size: () => kept.size,
    close: async () => {
      forget();
      hearing = false;
      await stopListening();
    },
  };
}
