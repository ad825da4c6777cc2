import crypto from 'node:crypto';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { loadSession, type AuthMember } from './modules/member/session.sql';
import { AuthorizationCode } from './errors';
import { permissionSet } from '@corner/domain';
import type { Storage } from './storage/index';
import type { UrlSigner } from './http/signed-url';

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
  auth: AuthState;
  ip: string;
  userAgent: string | null;
  log: Logger;
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
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Reads "Bearer <token>" (SPEC section 7); an empty value means no token. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

export async function resolveAuth(db: Db, token: string | null, now = new Date()): Promise<AuthState> {
  const none: AuthState = { member: null, permissions: new Set(), problem: null, sessionId: null };
  if (!token) return none;
  const session = await loadSession(db, hashToken(token));
  if (!session) return { ...none, problem: AuthorizationCode.TOKEN_INVALID };
  if (session.revoked_at) return { ...none, problem: AuthorizationCode.SESSION_REVOKED };
  if (session.expires_at <= now) return { ...none, problem: AuthorizationCode.SESSION_EXPIRED };
  const { session_id, expires_at: _e, revoked_at: _r, ...member } = session;
  return { member, permissions: permissionSet(member), problem: null, sessionId: session_id };
}

export async function buildContext(
  services: AppServices,
  request: { authorization: string | undefined | null; ip: string; userAgent: string | null; log: Logger },
): Promise<Context> {
  const auth = await resolveAuth(services.database.db, bearerToken(request.authorization));
  return {
    db: services.database.db,
    database: services.database,
    config: services.config,
    storage: services.storage,
    urlSigner: services.urlSigner,
    auth,
    ip: request.ip,
    userAgent: request.userAgent,
    log: request.log,
  };
}
