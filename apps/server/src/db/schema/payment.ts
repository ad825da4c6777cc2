import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PayableKind, PaymentListStatus, PaymentProgram } from '@corner/domain';
import { createdAt, timestamps } from './columns';
import { members } from './member';
import { submissions } from './submission';

/**
 * Payments to creators (issue 17, docs/decisions.md "Payments lists"). Money is whole US cents in
 * integer columns. A list is one month of one program; its entries are its creators, each with the
 * creations paid (the rate copied at generation) and adjustments. Once PAID nothing of it changes.
 */

/** What one creation of a kind earns in a program; staff edit it, every change is logged. */
export const paymentRates = pgTable(
  'payment_rates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    program: text('program').$type<PaymentProgram>().notNull(),
    kind: text('kind').$type<PayableKind>().notNull(),
    amount_cents: integer('amount_cents').notNull(),
    /** Who set it last. */
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('payment_rates_program_kind_key').on(t.program, t.kind), check('payment_rates_amount_check', sql`${t.amount_cents} >= 0`)],
);

/** A month's payment list of one program: generated once (unique), DRAFT → APPROVED → PAID. */
export const paymentLists = pgTable(
  'payment_lists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The month's first day (UTC months, "YYYY-MM-01"). */
    month: date('month', { mode: 'string' }).notNull(),
    program: text('program').$type<PaymentProgram>().notNull(),
    status: text('status').$type<PaymentListStatus>().notNull().default('DRAFT'),
    payment_reference: text('payment_reference'),
    /** The day it was paid ("YYYY-MM-DD"), as staff give it. */
    paid_on: date('paid_on', { mode: 'string' }),
    /** Who generated it. */
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    approved_by: integer('approved_by').references(() => members.id, { onDelete: 'set null' }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    paid_by: integer('paid_by').references(() => members.id, { onDelete: 'set null' }),
    /** When the payment was recorded. */
    paid_at: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Generating a month's list of a program twice is refused (payment-list.service).
    uniqueIndex('payment_lists_month_program_key').on(t.month, t.program),
    index('payment_lists_month_idx').on(t.month.desc(), t.id.desc()),
    check('payment_lists_paid_check', sql`${t.status} <> 'PAID' or (${t.payment_reference} is not null and ${t.paid_on} is not null)`),
  ],
);

/** A creator's row on a list: their statement for that month. */
export const paymentListEntries = pgTable(
  'payment_list_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    payment_list_id: integer('payment_list_id')
      .notNull()
      .references(() => paymentLists.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    ...createdAt,
  },
  (t) => [uniqueIndex('payment_list_entries_list_member_key').on(t.payment_list_id, t.member_id), index('payment_list_entries_member_idx').on(t.member_id, t.id)],
);

/** A creation paid on an entry, at the rate of its kind when the list was generated. */
export const paymentListCreations = pgTable(
  'payment_list_creations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => paymentListEntries.id, { onDelete: 'cascade' }),
    submission_id: integer('submission_id')
      .notNull()
      .references(() => submissions.id),
    kind: text('kind').$type<PayableKind>().notNull(),
    amount_cents: integer('amount_cents').notNull(),
    ...createdAt,
  },
  // A creation is paid once, whatever list it is on.
  (t) => [uniqueIndex('payment_list_creations_submission_key').on(t.submission_id), index('payment_list_creations_entry_idx').on(t.entry_id), check('payment_list_creations_amount_check', sql`${t.amount_cents} >= 0`)],
);

/** A correction on an entry, with its reason; it may name the paid list it corrects. */
export const paymentAdjustments = pgTable(
  'payment_adjustments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => paymentListEntries.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    corrects_payment_list_id: integer('corrects_payment_list_id').references(() => paymentLists.id),
    /** Who added it. */
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [index('payment_adjustments_entry_idx').on(t.entry_id), check('payment_adjustments_amount_check', sql`${t.amount_cents} <> 0`)],
);
