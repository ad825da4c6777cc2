import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns';
import { members } from './member';
import { submissions } from './submission';

/** A help-desk conversation between a creator and staff (DESIGN section 6). */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The number staff and creators quote; numbered in creation order. */
    number: serial('number').notNull().unique(),
    mailbox_id: text('mailbox_id').notNull().default('submissions'),
    subject: text('subject').notNull(),
    status: text('status').$type<'active' | 'pending' | 'closed'>().notNull().default('active'),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    assignee_id: integer('assignee_id').references(() => members.id, { onDelete: 'set null' }),
    /** The creation the conversation is about (a custom field in help-desk terms). */
    submission_id: integer('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index().on(t.member_id, t.mailbox_id, t.last_activity_at),
    index().on(t.status, t.last_activity_at),
    index().on(t.assignee_id),
    index().on(t.submission_id),
  ],
);

/** Thread types: a creator's message, a staff reply, a staff-only note, or a system entry. */
export type ThreadType = 'customer' | 'message' | 'note' | 'lineitem';

export const conversationThreads = pgTable(
  'conversation_threads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    type: text('type').$type<ThreadType>().notNull(),
    text: text('text').notNull(),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [index().on(t.conversation_id, t.created_at)],
);

export const conversationAttachments = pgTable(
  'conversation_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    thread_id: integer('thread_id')
      .notNull()
      .references(() => conversationThreads.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mimetype: text('mimetype').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    storage_key: text('storage_key').notNull(),
    ...createdAt,
  },
  (t) => [index().on(t.thread_id)],
);

export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.conversation_id, t.tag] }), index().on(t.tag)],
);

export const conversationCustomFields = pgTable(
  'conversation_custom_fields',
  {
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversation_id, t.name] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    seen: boolean('seen').notNull().default(false),
    message: text('message').notNull(),
    reference: text('reference'),
    /** When this notification went out by e-mail (alone or in a daily summary); null: not yet, or never. */
    emailed_at: timestamp('emailed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('notifications_unseen_idx').on(t.member_id, t.created_at).where(sql`${t.seen} = false`),
    index().on(t.member_id, t.created_at),
  ],
);

/** E-mail states: waiting for the sender job, handed to SMTP, written to the log (no SMTP_URL), or given up. */
export type EmailStatus = 'pending' | 'sent' | 'logged' | 'failed';

/**
 * The e-mail outbox: a message is written here in the transaction that caused it, and the
 * `send-email` job hands it to SMTP (retrying with backoff), so a failing mail server never blocks
 * or undoes the request, and nothing is lost.
 */
export const emails = pgTable(
  'emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    to_address: text('to_address').notNull(),
    /** What caused it: a notification type, or `digest` for the daily summary. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** The pg-boss `send-email` job that carries it; null until dispatched. */
    job_id: text('job_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...createdAt,
  },
  (t) => [index().on(t.status, t.created_at), index().on(t.member_id, t.created_at)],
);
