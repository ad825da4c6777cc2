import type { Config } from './config';
import type { Database, Db } from './db/client';
import { hashToken, loadAuthMember, type AuthMember } from './modules/member/session.sql';
import { uncachedSessions, type Sessions } from './modules/member/session.cache';
import { AuthorizationCode } from './errors';
import { permissionSet } from '@corner/domain';
import type { Storage } from './storage/index';
import type { UrlSigner } from './storage/signed-url';
import type { JobQueue } from './jobs/job';
import { liveNotRunning, type LiveHub } from './modules/live/live.hub';
import type { LoaderCache } from './db/loader';
import type { LegacySource } from './modules/legacy/legacy-source';

/** What the request's token says about who is asking. */
export interface AuthState {
  member: AuthMember | null;
  permissions: Set<string>;
  /** Why there is no member although a token was sent; null when none was sent or it is valid. */
  problem: AuthorizationCode | null;
  sessionId: number | null;
}

/** Everything a resolver and a service may use. Built once per request. */
export interface Context {
  db: Db;
  database: Database;
  config: Config;
  /** Where uploaded files and images are kept. */
  storage: Storage;
  /** Signs image and file URLs for clients that cannot send the token (`<img>`, downloads). */
  urlSigner: UrlSigner;
  /** Sends background jobs and follows them. */
  jobs: JobQueue;
  /** Live events for subscriptions (none in job processes). */
  live: LiveHub;
  /** The older submission system (modules/legacy/legacy-source.ts): one per process. */
  legacy: LegacySource;
  auth: AuthState;
  ip: string;
  userAgent: string | null;
  log: Logger;
  /** The request's batch loaders (db/loader.ts): one query per field over a page of rows. */
  loaders: LoaderCache;
  /** The sessions this process keeps (modules/member/session.cache.ts). */
  sessions: Sessions;
}

/** The request's logger (pino through Fastify). */
export interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

/** Process-wide services the context is built from. */
export interface AppServices {
  database: Database;
  config: Config;
  storage: Storage;
  urlSigner: UrlSigner;
  jobs: JobQueue;
  live?: LiveHub;
  legacy: LegacySource;
  /** Session lookups, kept for a few seconds (modules/member/session.cache.ts). */
  sessions: Sessions;
}

/** Reads "Bearer <token>" (SPEC section 7); an empty value means no token. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

export async function resolveAuth(sessions: Pick<Sessions, 'find'>, token: string | null, now = new Date()): Promise<AuthState> {
  const none: AuthState = { member: null, permissions: new Set(), problem: null, sessionId: null };
  if (!token) return none;
  const session = await sessions.find(hashToken(token));
  if (!session) return { ...none, problem: AuthorizationCode.TOKEN_INVALID };
  if (session.revoked_at) return { ...none, problem: AuthorizationCode.SESSION_REVOKED };
  if (session.expires_at <= now) return { ...none, problem: AuthorizationCode.SESSION_EXPIRED };
  const { session_id, expires_at: _e, revoked_at: _r, ...member } = session;
  return { member, permissions: permissionSet(member), problem: null, sessionId: session_id };
}

/** A context from the process's services, who is asking and where the request came from. */
function contextOf(services: AppServices, auth: AuthState, request: { ip: string; userAgent: string | null; log: Logger }): Context {
  return {
    db: services.database.db,
    database: services.database,
    config: services.config,
    storage: services.storage,
    urlSigner: services.urlSigner,
    jobs: services.jobs,
    live: services.live ?? liveNotRunning,
    legacy: services.legacy,
    auth,
    ip: request.ip,
    userAgent: request.userAgent,
    log: request.log,
    loaders: new Map(),
    sessions: services.sessions,
  };
}

export async function buildContext(
  services: AppServices,
  request: { authorization: string | undefined | null; ip: string; userAgent: string | null; log: Logger },
): Promise<Context> {
  return contextOf(services, await resolveAuth(services.sessions, bearerToken(request.authorization)), request);
}

/**
 * A request-like context for a background job acting for a member, with their roles as they are
 * now: the job applies the same rules a request of theirs would. A member who no longer exists acts
 * as no one (every rule refuses).
 */
export async function jobContext(services: Omit<AppServices, 'sessions'> & { sessions?: Sessions; log: Logger }, memberId: number): Promise<Context> {
  const member = await loadAuthMember(services.database.db, memberId);
  const auth: AuthState = { member, permissions: member ? permissionSet(member) : new Set(), problem: null, sessionId: null };
  return contextOf({ ...services, sessions: services.sessions ?? uncachedSessions(services.database) }, auth, { ip: '', userAgent: null, log: services.log });
}
