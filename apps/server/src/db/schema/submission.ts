import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CURRENT_GAME_VERSION, type ModelType, type SubmissionStatus } from '@corner/domain';
import { createdAt, deletedAt, timestamps } from './columns';
import { members } from './member';
import { attributes, categories, collaborations, collections, themes } from './catalog';

/**
 * A creation in the portal. Its kind's own fields live in the kind table named by
 * (model_type, model_id). Status is stored; "published" is derived (APPROVED, publish_at passed).
 */
export const submissions = pgTable(
  'submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').$type<SubmissionStatus>().notNull().default('CREATED'),
    model_type: text('model_type').$type<ModelType>().notNull(),
    model_id: integer('model_id').notNull(),
    game_version: integer('game_version').notNull().default(CURRENT_GAME_VERSION),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    notes: text('notes'),
    credits_to: text('credits_to'),
    keywords: text('keywords'),
    video_url: text('video_url'),
    feedback_option: integer('feedback_option'),
    recolor_option: integer('recolor_option'),
    can_be_shared: boolean('can_be_shared'),
    enable_social_media_links: boolean('enable_social_media_links'),
    terms_notes: text('terms_notes'),
    polycount: integer('polycount'),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    publish_at: timestamp('publish_at', { withTimezone: true }),
    early_access_at: timestamp('early_access_at', { withTimezone: true }),
    early_access_days: integer('early_access_days'),
    /** When the early-access job made it free for everyone (its early access over); null before. */
    early_access_ended_at: timestamp('early_access_ended_at', { withTimezone: true }),
    tsr_exclusive: boolean('tsr_exclusive'),
    latest_rejection_reason: text('latest_rejection_reason'),
    /** Set once the creation was first submitted; never cleared. */
    was_submitted: boolean('was_submitted').notNull().default(false),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /** The staff member who approved or rejected it last. */
    moderator_id: integer('moderator_id').references(() => members.id, { onDelete: 'set null' }),
    /** The staff member it is assigned to. */
    team_member_id: integer('team_member_id').references(() => members.id, { onDelete: 'set null' }),
    migration_result: jsonb('migration_result'),
    /**
     * When the scheduled-publication job recorded that publish_at had passed (its Log entry and
     * notices). Published itself stays derived from publish_at; this only marks the job's work done.
     */
    published_at: timestamp('published_at', { withTimezone: true }),
    /**
     * Bits of the queue facts that live in other tables (unfinished or failed tests of the creation
     * or of its update requests, open reports, pending update requests), kept by triggers on those
     * tables (migration 0004) so `submission_counts` can count every staff queue. Only counting
     * reads it; lists read the facts themselves (db/queue.sql.ts).
     */
    queue_facts: smallint('queue_facts').notNull().default(0),
    /**
     * Review flags (issue 15), kept by check.service `refreshReviewFlags` when the creation is
     * submitted, when its files have been read, when its creator's trust changes and when staff open
     * it. possible_duplicate: a file, object id or CAS part id meets another member's creation.
     * fast_track: a trusted creator's creation that passed every automatic check, first in the
     * awaiting-approval queue. Neither moves updated_at (the queue's order).
     */
    possible_duplicate: boolean('possible_duplicate').notNull().default(false),
    fast_track: boolean('fast_track').notNull().default(false),
    ...timestamps,
    ...deletedAt,
  },
  (t) => [
    uniqueIndex('submissions_model_key').on(t.model_type, t.model_id),
    // Queue indexes, each in its list's own order (submission.search.ts `orderBy`: the sort column,
    // then id), so a page is read from the index instead of sorting the queue. model_type comes last
    // so the "not a set's child" filter is answered from the index too: a deep page counts its
    // offset in the index alone (an index-only scan) and reads only its own rows (migration 0008).
    // Every live creation by last change (the "all" queue, searches, the review page's neighbours):
    index('submissions_live_updated_idx').on(t.updated_at, t.id, t.model_type).where(sql`${t.deleted_at} is null`),
    // …by status (created, waiting, rejected; the status part of the review queues):
    index('submissions_live_status_idx').on(t.status, t.updated_at, t.id, t.model_type).where(sql`${t.deleted_at} is null`),
    // …one creator's own (their lists; their counters read it too):
    index('submissions_member_updated_idx').on(t.member_id, t.updated_at, t.id, t.model_type).where(sql`${t.deleted_at} is null`),
    // Approved and published, newest publication first:
    index('submissions_publish_at_idx')
      .on(t.publish_at.desc().nullsLast(), t.id.desc().nullsFirst(), t.model_type)
      .where(sql`${t.status} = 'APPROVED' and ${t.deleted_at} is null`),
    // The scheduled-publication job's work list: approved, not yet recorded as published.
    index('submissions_publish_due_idx')
      .on(t.publish_at)
      .where(sql`${t.status} = 'APPROVED' and ${t.published_at} is null and ${t.deleted_at} is null`),
    // The deleted queue, latest deletion first:
    index('submissions_deleted_idx').on(t.deleted_at.desc().nullsLast(), t.id.desc().nullsFirst(), t.model_type).where(sql`${t.deleted_at} is not null`),
    index().on(t.category_id),
    // The free-text search (SPEC 9: name and keywords, `ilike '%phrase%'`): trigram indexes, so a
    // phrase anywhere in the text is found without reading every creation (migration 0007).
    index('submissions_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // …and by creator, live or deleted (the creator branch of the staff search).
    index('submissions_member_idx').on(t.member_id),
    index('submissions_keywords_trgm_idx').using('gin', t.keywords.op('gin_trgm_ops')),
    // The few flagged creations: the overview's counts and the "possible duplicate" queue filter.
    index('submissions_review_flags_idx').on(t.status, t.updated_at, t.id).where(sql`(${t.possible_duplicate} or ${t.fast_track}) and ${t.deleted_at} is null`),
  ],
);

/** Kind tables: one row per creation of that kind, pointed to by submissions.model_id. */
export const newItems = pgTable('new_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  is_recolor: boolean('is_recolor').notNull().default(false),
  max_polycount: integer('max_polycount'),
});

export const sets = pgTable('sets', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
});

/** A set's children: each has its own submission row (model_type set_item). */
export const setItems = pgTable(
  'set_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    set_id: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull().default(0),
    is_recolor: boolean('is_recolor').notNull().default(false),
    max_polycount: integer('max_polycount'),
  },
  (t) => [index().on(t.set_id, t.ord)],
);

export const lots = pgTable('lots', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  value: integer('value'),
  lot_width: integer('lot_width'),
  lot_depth: integer('lot_depth'),
  furnished: boolean('furnished'),
  number_of_floors: integer('number_of_floors'),
});

export const rooms = pgTable('rooms', { id: integer('id').primaryKey().generatedByDefaultAsIdentity() });
export const sims = pgTable('sims', { id: integer('id').primaryKey().generatedByDefaultAsIdentity() });
export const mods = pgTable('mods', { id: integer('id').primaryKey().generatedByDefaultAsIdentity() });

const submissionRef = () =>
  integer('submission_id')
    .notNull()
    .references(() => submissions.id, { onDelete: 'cascade' });

export const submissionThemes = pgTable(
  'submission_themes',
  {
    submission_id: submissionRef(),
    theme_id: integer('theme_id').notNull().references(() => themes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.theme_id] }), index().on(t.theme_id)],
);

export const submissionCollaborations = pgTable(
  'submission_collaborations',
  {
    submission_id: submissionRef(),
    collaboration_id: integer('collaboration_id')
      .notNull()
      .references(() => collaborations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.collaboration_id] }), index().on(t.collaboration_id)],
);

export const submissionCollections = pgTable(
  'submission_collections',
  {
    submission_id: submissionRef(),
    collection_id: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.collection_id] }), index().on(t.collection_id)],
);

/** Tags and other chosen attributes. */
export const submissionAttributes = pgTable(
  'submission_attributes',
  {
    submission_id: submissionRef(),
    attribute_id: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.attribute_id] }), index().on(t.attribute_id)],
);

export const recommendedItems = pgTable(
  'recommended_items',
  {
    submission_id: submissionRef(),
    recommended_submission_id: integer('recommended_submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.recommended_submission_id] })],
);

/** Required downloads: by portal id, old (legacy) item id, or URL. */
export const requiredItems = pgTable(
  'required_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: submissionRef(),
    type: text('type').$type<'url' | 'id' | 'old_item_id'>().notNull(),
    download: text('download').notNull(),
    title: text('title'),
    ord: integer('ord').notNull().default(0),
    ...createdAt,
  },
  (t) => [index().on(t.submission_id, t.ord)],
);

export const externalUrlRequirements = pgTable(
  'external_url_requirements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: submissionRef(),
    url: text('url').notNull(),
    name: text('name'),
    image: text('image'),
    ...createdAt,
  },
  (t) => [index().on(t.submission_id)],
);

/** Bridge from a portal submission to the legacy system's item (submission_bridge.object.ID). */
export const submissionBridges = pgTable('submission_bridges', {
  submission_id: integer('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  legacy_item_id: integer('legacy_item_id').notNull().unique(),
  ...createdAt,
});

export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: integer('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id),
    ord: integer('ord').notNull().default(0),
    filename: text('filename').notNull(),
    mimetype: text('mimetype').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    storage_key: text('storage_key').notNull(),
    /** What the picture shows, in the creator's words (SPEC 7's image update); empty without one. */
    caption: text('caption').notNull().default(''),
    ...timestamps,
    ...deletedAt,
  },
  (t) => [index().on(t.submission_id, t.ord), index().on(t.member_id), index().on(t.sha256)],
);

export const imageHotspots = pgTable(
  'image_hotspots',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    image_id: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    submission_id: submissionRef(),
    url: text('url').notNull(),
    title: text('title'),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.image_id), index().on(t.submission_id)],
);

/** Object GUIDs (object definition ids) found in or typed for a creation: 16-digit hex strings. */
export const objectGuids = pgTable(
  'object_guids',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: submissionRef(),
    file_id: integer('file_id'),
    object_guid: text('object_guid').notNull(),
    ...createdAt,
  },
  (t) => [index().on(t.submission_id), index().on(t.object_guid)],
);

/** Game items a lot or household uses: name, type, download URL, expansion pack. */
export const gameItems = pgTable(
  'game_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    submission_id: submissionRef(),
    name: text('name').notNull(),
    type: text('type'),
    download_url: text('download_url'),
    expansion_pack: text('expansion_pack'),
    ...createdAt,
  },
  (t) => [index().on(t.submission_id)],
);
