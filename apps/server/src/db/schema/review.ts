import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { SubmissionStatus, TestResult, TestStatus, UpdateRequestStatus } from '@corner/domain';
import { createdAt, deletedAt, timestamps } from './columns';
import { members } from './member';
import { images, submissions } from './submission';
import { files } from './file';

/** Update requests: a creator asks to update an approved creation with new files or images. */
export const updateRequests = pgTable(
  'update_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    message: text('message').notNull().default(''),
    status: text('status').$type<UpdateRequestStatus>().notNull().default('PENDING'),
    ...timestamps,
  },
  (t) => [
    index().on(t.submission_id, t.status),
    index('update_requests_pending_idx').on(t.submission_id).where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * A test of a creation, or of one of its update requests (update_request_id set). Unfinished while
 * OPEN or IN_PROGRESS; a FAILED result stays uncleared until staff clear it (status CLEARED).
 */
export const tests = pgTable(
  'tests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    update_request_id: integer('update_request_id').references(() => updateRequests.id, { onDelete: 'cascade' }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    tester_id: integer('tester_id').references(() => members.id, { onDelete: 'set null' }),
    status: text('status').$type<TestStatus>().notNull().default('OPEN'),
    test_result: text('test_result').$type<TestResult>(),
    notes: text('notes'),
    test_notes: text('test_notes'),
    tester_notes: text('tester_notes'),
    cleared_at: timestamp('cleared_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.submission_id),
    index('tests_unfinished_idx')
      .on(t.submission_id, t.update_request_id)
      .where(sql`${t.status} in ('OPEN', 'IN_PROGRESS')`),
    index('tests_failed_idx')
      .on(t.submission_id, t.update_request_id)
      .where(sql`${t.status} = 'DONE' and ${t.test_result} = 'FAILED'`),
  ],
);

const testRef = () => integer('test_id').notNull().references(() => tests.id, { onDelete: 'cascade' });
const updateRequestRef = () =>
  integer('update_request_id')
    .notNull()
    .references(() => updateRequests.id, { onDelete: 'cascade' });
const imageRef = () => integer('image_id').notNull().references(() => images.id, { onDelete: 'cascade' });
const fileRef = () => integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' });

export const testImages = pgTable('test_images', { test_id: testRef(), image_id: imageRef() }, (t) => [
  primaryKey({ columns: [t.test_id, t.image_id] }),
]);
export const testFiles = pgTable('test_files', { test_id: testRef(), file_id: fileRef() }, (t) => [
  primaryKey({ columns: [t.test_id, t.file_id] }),
]);
export const updateRequestImages = pgTable(
  'update_request_images',
  { update_request_id: updateRequestRef(), image_id: imageRef() },
  (t) => [primaryKey({ columns: [t.update_request_id, t.image_id] })],
);
export const updateRequestFiles = pgTable(
  'update_request_files',
  { update_request_id: updateRequestRef(), file_id: fileRef() },
  (t) => [primaryKey({ columns: [t.update_request_id, t.file_id] })],
);

/** Reports on approved creations; dismissing one sets deleted_at. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    note: text('note'),
    ...createdAt,
    ...deletedAt,
  },
  (t) => [index('reports_open_idx').on(t.submission_id).where(sql`${t.deleted_at} is null`)],
);

/** The history of every change: previous and new values, who and when. */
export const logs = pgTable(
  'logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: integer('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entity_id: integer('entity_id'),
    action: text('action').notNull(),
    previous_values: jsonb('previous_values'),
    new_values: jsonb('new_values'),
    ...createdAt,
  },
  (t) => [
    index().on(t.submission_id, t.created_at),
    index().on(t.entity, t.entity_id),
    // The review decisions of the last weeks, for the queue's wait estimate (queue-position.service.ts).
    index('logs_decisions_idx').on(t.created_at).where(sql`${t.action} in ('approved', 'rejected')`),
  ],
);

export const featuredSubmissions = pgTable(
  'featured_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type').notNull(),
    index: integer('index').notNull(),
    name: text('name'),
    publish_at: timestamp('publish_at', { withTimezone: true }).notNull(),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index().on(t.type, t.publish_at)],
);

export const featuredSubmissionItems = pgTable(
  'featured_submission_items',
  {
    featured_submission_id: integer('featured_submission_id')
      .notNull()
      .references(() => featuredSubmissions.id, { onDelete: 'cascade' }),
    submission_id: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.featured_submission_id, t.submission_id] })],
);

/**
 * Who is reviewing a creation right now, so two staff never review the same one at once. A lock
 * whose heartbeat is older than the lock lifetime (review service) is stale and free to take.
 */
export const reviewLocks = pgTable('review_locks', {
  submission_id: integer('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  member_id: integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  locked_at: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The size of every staff queue at the end of each day, for the overview's chart. */
export const queueSnapshots = pgTable(
  'queue_snapshots',
  {
    day: date('day', { mode: 'string' }).notNull(),
    queue: text('queue').notNull(),
    count: integer('count').notNull(),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.day, t.queue] })],
);

/**
 * How many submissions sit in each bucket of (status, deleted, top level, UTC publish day, queue
 * facts): a rollup kept exact by statement triggers on submissions (migration 0004), so every staff
 * queue is counted from a few thousand rows instead of a million submissions. Only the queue
 * compiler (db/queue.sql.ts) reads it.
 */
export const submissionCounts = pgTable(
  'submission_counts',
  {
    status: text('status').$type<SubmissionStatus>().notNull(),
    deleted: boolean('deleted').notNull(),
    top_level: boolean('top_level').notNull(),
    /** The UTC date of publish_at; null when there is none. */
    publish_day: date('publish_day', { mode: 'string' }),
    /** submissions.queue_facts of the bucket's rows. */
    facts: smallint('facts').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [unique('submission_counts_bucket_key').on(t.status, t.deleted, t.top_level, t.publish_day, t.facts).nullsNotDistinct()],
);
