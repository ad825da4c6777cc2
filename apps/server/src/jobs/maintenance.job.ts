import { lt, or, and, isNotNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { loginFailures, sessions } from '../db/schema/index';

export const MAINTENANCE_JOB = 'maintenance';
/** Every night at 03:17 (server time): off the hour, when the site is quiet. */
export const MAINTENANCE_CRON = '17 3 * * *';
/** Expired or revoked sessions are kept this long for support questions, then removed. */
const SESSION_RETENTION_DAYS = 30;

/**
 * Removes what no one needs any more: sign-in failures older than the throttle window, and
 * sessions that expired or were revoked more than 30 days ago. Returns how many rows went.
 */
export async function runMaintenance(db: DbOrTx, config: Config, now = new Date()) {
  const failuresBefore = new Date(now.getTime() - config.LOGIN_THROTTLE_MINUTES * 60_000);
  const sessionsBefore = new Date(now.getTime() - SESSION_RETENTION_DAYS * 86_400_000);
  const failures = await db.delete(loginFailures).where(lt(loginFailures.created_at, failuresBefore)).returning({ id: loginFailures.id });
  const oldSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, sessionsBefore), and(isNotNull(sessions.revoked_at), lt(sessions.revoked_at, sessionsBefore))))
    .returning({ id: sessions.id });
  return { loginFailures: failures.length, sessions: oldSessions.length };
}
