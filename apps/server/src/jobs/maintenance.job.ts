import { lt, or, and, isNotNull, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { loginFailures, sessions, zipBundles } from '../db/schema/index';
import { removeOldWindows } from '../modules/rate-limit/rate-limit.service';
import { defineJob } from './job';

export const MAINTENANCE_JOB = 'maintenance';
/** Every night at 03:17 (server time): off the hour, when the site is quiet. */
export const MAINTENANCE_CRON = '17 3 * * *';
/** Expired or revoked sessions are kept this long for support questions, then removed. */
const SESSION_RETENTION_DAYS = 30;
/**
 * A download zip or staff basket untouched this long is removed (its content then goes with the
 * storage sweep); asking again builds it anew. Unfinished ones are left to their builder's rules.
 */
export const ZIP_BUNDLE_RETENTION_DAYS = 7;

/**
 * Removes what no one needs any more: sign-in failures older than the throttle window, sessions
 * that expired or were revoked more than 30 days ago, and ready or failed zip bundles untouched for
 * 7 days, and rate-limit windows that ended over an hour ago. Returns how many rows went.
 */
export async function runMaintenance(db: DbOrTx, config: Config, now = new Date()) {
  const failuresBefore = new Date(now.getTime() - config.LOGIN_THROTTLE_MINUTES * 60_000);
  const sessionsBefore = new Date(now.getTime() - SESSION_RETENTION_DAYS * 86_400_000);
  const failures = await db.delete(loginFailures).where(lt(loginFailures.created_at, failuresBefore)).returning({ id: loginFailures.id });
  const oldSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, sessionsBefore), and(isNotNull(sessions.revoked_at), lt(sessions.revoked_at, sessionsBefore))))
    .returning({ id: sessions.id });
  const bundlesBefore = new Date(now.getTime() - ZIP_BUNDLE_RETENTION_DAYS * 86_400_000);
  const oldBundles = await db
    .delete(zipBundles)
    .where(and(inArray(zipBundles.status, ['READY', 'FAILED']), lt(zipBundles.updated_at, bundlesBefore)))
    .returning({ id: zipBundles.id });
  const rateLimitWindows = await removeOldWindows(db, now.getTime());
  return { loginFailures: failures.length, sessions: oldSessions.length, zipBundles: oldBundles.length, rateLimitWindows };
}

export const maintenanceJob = defineJob({
  name: MAINTENANCE_JOB,
  cron: MAINTENANCE_CRON,
  async handle({ database, config, log }) {
    const removed = await runMaintenance(database.db, config);
    log.info(removed, 'Maintenance done');
    return removed;
  },
});
