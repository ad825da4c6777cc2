import { lt, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rateLimitWindows } from '../../db/schema/index';
import { rows } from '../../db/rows';
import { ADDRESS_FACTOR, perMinute, RATE_CLASS_WORDS, type RateClass } from './rate-limit.rules';

export const WINDOW_MS = 60_000;

/** Who is counted: the member when signed in, and always the address the request came from. */
export interface RateSubject {
  memberId: number | null;
  ip: string;
}

/** A request over its limit: when the window that refused it ends. */
export interface RateRefusal {
  rateClass: RateClass;
  retryAfterSeconds: number;
}

/**
 * Counts `hits` requests of a class against the member's and the address's limits of the current
 * one-minute window, in one statement, and answers the refusal when either is over. Counting happens
 * in the database, so every process behind a load balancer shares the same windows. A refused
 * request counts too: hammering does not shorten the wait.
 */
export async function countRequest(
  db: Db,
  config: Config,
  subject: RateSubject,
  rateClass: RateClass,
  hits = 1,
  now = Date.now(),
): Promise<RateRefusal | null> {
  const limit = perMinute(config)[rateClass];
  if (limit <= 0 || hits <= 0) return null;
  const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  const keys: { key: string; limit: number }[] = [{ key: `${rateClass}:address:${subject.ip}`, limit: limit * ADDRESS_FACTOR }];
  if (subject.memberId !== null) keys.push({ key: `${rateClass}:member:${subject.memberId}`, limit });
  const values = sql.join(
    keys.map(({ key }) => sql`(${key}, ${windowStart.toISOString()}::timestamptz, ${hits})`),
    sql`, `,
  );
  const counted = await rows<{ key: string; hits: number }>(db, sql`
    insert into rate_limit_windows (key, window_start, hits) values ${values}
    on conflict (key) do update set
      hits = case when rate_limit_windows.window_start = excluded.window_start
                  then rate_limit_windows.hits + excluded.hits else excluded.hits end,
      window_start = excluded.window_start
    returning key, hits`);
  const over = counted.some((row) => row.hits > (keys.find((k) => k.key === row.key)?.limit ?? Infinity));
  if (!over) return null;
  return { rateClass, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000)) };
}

/**
 * The GraphQL error of a refusal: category "throttled", code RATE_LIMITED, `retryAfter` in seconds,
 * and HTTP 429 with Retry-After (the `http` extension, which Yoga and the JSON path turn into the
 * status and header and never send).
 */
export function rateLimitError(refusal: RateRefusal): AppError {
  const seconds = refusal.retryAfterSeconds;
  return new AppError(
    'RATE_LIMITED',
    `Too many ${RATE_CLASS_WORDS[refusal.rateClass]} in a short time. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    'throttled',
    { retryAfter: seconds, http: { status: 429, headers: { 'Retry-After': String(seconds) } } },
  );
}

/** Removes windows that ended more than an hour ago (nightly maintenance). */
export async function removeOldWindows(db: DbOrTx, now = Date.now()): Promise<number> {
  const before = new Date(now - 60 * 60 * 1000);
  return (await db.delete(rateLimitWindows).where(lt(rateLimitWindows.window_start, before)).returning({ key: rateLimitWindows.key })).length;
}
