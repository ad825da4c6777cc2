import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at for every table that changes. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const createdAt = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const deletedAt = {
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
};
