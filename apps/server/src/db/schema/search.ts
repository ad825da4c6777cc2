import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { members } from './member';
import { submissions } from './submission';

/**
 * The site's search index (issue 17; modules/search). `search_documents` is the bookkeeping, kept
 * whatever the engine: which creations' documents are stale, when each was last written, and why
 * one failed. `search_entries` is the PostgreSQL engine's index itself (the default engine, in the
 * portal's own database); an Elasticsearch engine keeps its documents in the cluster instead.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One row per creation that is or was in the index, or is waiting to be. A change to a creation that
 * is approved or already indexed sets `stale_at` (the `logs` trigger of migration 0018: every change
 * is logged, so none is missed); the search-index job writes the document and clears it.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    submission_id: integer('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** When it went stale; null when the index holds what the creation is. */
    stale_at: timestamp('stale_at', { withTimezone: true }),
    /** When its document was last written to (or taken out of) the index. */
    indexed_at: timestamp('indexed_at', { withTimezone: true }),
    /** Whether the index holds it (a published creation) or left it out. */
    in_index: boolean('in_index').notNull().default(false),
    failed_at: timestamp('failed_at', { withTimezone: true }),
    /** The engine's message when the last write failed. */
    error: text('error'),
  },
  (t) => [index('search_documents_stale_idx').on(t.stale_at).where(sql`${t.stale_at} is not null`), index('search_documents_failed_idx').on(t.failed_at).where(sql`${t.failed_at} is not null`)],
);

/** The PostgreSQL engine's documents: one per published creation, with its weighted text vector. */
export const searchEntries = pgTable(
  'search_entries',
  {
    submission_id: integer('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    keywords: text('keywords').notNull(),
    kind: text('kind').notNull(),
    game: integer('game').notNull(),
    category_id: integer('category_id'),
    category_ids: integer('category_ids').array().notNull(),
    category_path: text('category_path').notNull(),
    tag_ids: integer('tag_ids').array().notNull(),
    tags: text('tags').array().notNull(),
    themes: text('themes').array().notNull(),
    creator_id: integer('creator_id').notNull(),
    creator_name: text('creator_name').notNull(),
    exclusive: boolean('exclusive').notNull(),
    publish_at: timestamp('publish_at', { withTimezone: true }).notNull(),
    early_access_until: timestamp('early_access_until', { withTimezone: true }),
    thumbnail_path: text('thumbnail_path'),
    /**
     * Name (A), keywords and creator (B), category, tags and themes (C), description (D), English
     * stemming; and one token per filter value (`_k<kind>`, `_g<game>`, `_x0|1`, `_m<creator>`,
     * `_c<category>` for it and each above it, `_t<tag>`), which no visitor's word can be, so one GIN
     * lookup answers words and filters together.
     */
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('search_entries_document_idx').using('gin', t.document),
    index('search_entries_newest_idx').on(t.publish_at.desc(), t.submission_id.desc()),
    index('search_entries_name_idx').on(sql`lower(${t.name})`, t.submission_id),
  ],
);

/**
 * The words of the indexed documents (letters only), for typos and the last word's completions: a
 * visitor's word the index does not hold is looked up here by trigram similarity, and the close
 * words join the search (the PostgreSQL documentation's "separate words table"); the words a last
 * word starts are looked up whole instead of as a prefix. Added to as documents are written; a word
 * no document holds any more matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')), index('search_words_prefix_idx').on(t.word.op('text_pattern_ops'))],
);

/**
 * Staff's "reindex these" or "reindex everything": what it marked stale and when, so its progress
 * is what of that is no longer stale. Finished when nothing it marked is left.
 */
export const searchIndexRuns = pgTable(
  'search_index_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `{ all: true }` or `{ ids: [...] }`. */
    scope: jsonb('scope').notNull(),
    total: integer('total').notNull(),
    /** When its documents were marked stale (their stale_at). */
    marked_at: timestamp('marked_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    member_id: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [index().on(t.created_at)],
);
