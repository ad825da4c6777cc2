import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests counted per rate-limit key (`{class}:member:{id}`, `{class}:address:{ip}`) in the
 * current one-minute window, shared by every process on the database. Old windows are removed by
 * the nightly maintenance job.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
