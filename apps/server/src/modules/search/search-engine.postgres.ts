import { MAX_FACETS, queryWords, tsQueryText, type SearchableKind, type SearchDocument } from '@corner/domain';
import { count, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { fromExcluded } from '../../db/sql';
import { searchEntries } from '../../db/schema/index';
import type { SearchAnswer, SearchEngine, SearchFacet, SearchQuery } from './search-engine';

/** Rows written per statement. */
const UPSERT_CHUNK = 500;
/**
 * A word this similar to a word of the name (pg_trgm's word similarity, 0 to 1) matches even when
 * its stem does not: typos ("velvit sofa").
 */
const TYPO_SIMILARITY = 0.45;

type EntryRow = Omit<typeof searchEntries.$inferSelect, 'document'>;
/** Every column but the text vector, which only the database reads. */
const ENTRY_COLUMNS = sql.raw(
  ['submission_id', 'name', 'description', 'keywords', 'kind', 'game', 'category_id', 'category_ids', 'category_path', 'tag_ids', 'tags', 'themes', 'creator_id', 'creator_name', 'exclusive', 'publish_at', 'early_access_until', 'thumbnail_path'].join(', '),
);

/**
 * The default engine: PostgreSQL full-text search in the portal's own database (`search_entries`,
 * migration 0018). A document's text vector weighs its name (A) over its keywords and creator (B),
 * its category, tags and themes (C) and its description (D), with English stemming; every word must
 * match, the last also as a prefix. pg_trgm's word similarity on the name catches typos. Filters
 * are GIN array containment (categories above a document are stored with it, so a category finds
 * its subcategories'), facets one grouped count over the matches.
 */
export function postgresSearchEngine(db: DbOrTx): SearchEngine {
  return {
    engine: 'postgres',

    async health() {
      const [row] = await rows<{ version: string; size: string }>(db, sql`select current_setting('server_version') as version, pg_size_pretty(pg_total_relation_size('search_entries')) as size`);
      return { healthy: true, detail: `PostgreSQL ${row!.version} full-text search in the portal’s database; the index takes ${row!.size}.` };
    },

    async upsert(documents) {
      for (let i = 0; i < documents.length; i += UPSERT_CHUNK) {
        const values = documents.slice(i, i + UPSERT_CHUNK).map(entryOf);
        await db
          .insert(searchEntries)
          .values(values)
          .onConflictDoUpdate({
            target: searchEntries.submission_id,
            set: fromExcluded(Object.keys(values[0]!).filter((k) => k !== 'submission_id')),
          });
      }
    },

    async remove(submissionIds) {
      if (submissionIds.length === 0) return;
      await db.delete(searchEntries).where(inArray(searchEntries.submission_id, [...submissionIds]));
    },

    /** A committed write is visible to the next search. */
    async flush() {},

    async count() {
      const [row] = await db.select({ n: count() }).from(searchEntries);
      return row!.n;
    },

    async search(query) {
      const where = conditionsOf(query, await meaningfulWords(db, query.text));
      const tsq = query.text ? tsQueryText(query.text) : null;
      const words = query.text ? queryWords(query.text).join(' ') : '';
      const order =
        query.sort === 'name'
          ? sql`lower(${searchEntries.name}), ${searchEntries.submission_id}`
          : query.sort === 'relevance' && tsq
            ? sql`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', ${searchEntries.document}, to_tsquery('english', ${tsq})) + word_similarity(${words}, ${searchEntries.name}) desc, ${searchEntries.publish_at} desc, ${searchEntries.submission_id} desc`
            : sql`${searchEntries.publish_at} desc, ${searchEntries.submission_id} desc`;
      const offset = (query.page - 1) * query.first;
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${TYPO_SIMILARITY}`));
        const page = await rows<EntryRow>(tx, sql`select ${ENTRY_COLUMNS} from ${searchEntries} where ${where} order by ${order} limit ${query.first} offset ${offset}`);
        const [totals] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${searchEntries} where ${where}`);
        const categories = await facet(tx, searchEntries.category_ids, where);
        const tags = await facet(tx, searchEntries.tag_ids, where);
        return { documents: page.map(documentOf), total: totals!.n, categories, tags } satisfies SearchAnswer;
      });
    },
  };
}

/**
 * The words of a query the English dictionary keeps: a stop word ("the", "for") has no stem and
 * matches everything. Asked before the search, so its conditions hold only what the indexes answer.
 */
async function meaningfulWords(db: DbOrTx, text: string | null | undefined): Promise<Set<string>> {
  const words = text ? queryWords(text) : [];
  if (words.length === 0) return new Set();
  const kept = await rows<{ word: string }>(
    db,
    sql`select w as word from unnest(${`{${words.map((w) => `"${w}"`).join(',')}}`}::text[]) as w where numnode(to_tsquery('english', w)) > 0`,
  );
  return new Set(kept.map((k) => k.word));
}

/**
 * Every condition of a query, joined with AND. Each word the dictionary keeps must match: its stem
 * in the text vector (the last word as a prefix too), or, for a typo, the name by pg_trgm's word
 * similarity (TYPO_SIMILARITY, set for the statement). Both are answered by GIN indexes.
 */
function conditionsOf(query: SearchQuery, meaningful: ReadonlySet<string>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.text) {
    const words = queryWords(query.text);
    if (words.length === 0) parts.push(sql`false`);
    words.forEach((word, i) => {
      if (!meaningful.has(word)) return;
      const tsq = i === words.length - 1 ? `${word}:*` : word;
      parts.push(sql`(${searchEntries.document} @@ to_tsquery('english', ${tsq}) or ${word} <% ${searchEntries.name})`);
    });
  }
  if (query.categoryId != null) parts.push(sql`${searchEntries.category_ids} @> array[${query.categoryId}]::int[]`);
  if (query.tagIds?.length) parts.push(sql`${searchEntries.tag_ids} @> ${sql`array[${sql.join(query.tagIds.map((id) => sql`${id}`), sql`, `)}]::int[]`}`);
  if (query.kind) parts.push(sql`${searchEntries.kind} = ${query.kind}`);
  if (query.game != null) parts.push(sql`${searchEntries.game} = ${query.game}`);
  if (query.creatorId != null) parts.push(sql`${searchEntries.creator_id} = ${query.creatorId}`);
  if (query.exclusive != null) parts.push(sql`${searchEntries.exclusive} = ${query.exclusive}`);
  return sql.join(parts, sql` and `);
}

/** How many matches carry each id of an array column, the largest MAX_FACETS. */
async function facet(db: DbOrTx, column: typeof searchEntries.category_ids | typeof searchEntries.tag_ids, where: SQL): Promise<SearchFacet[]> {
  return rows<SearchFacet>(
    db,
    sql`select f.id::int as id, count(*)::int as count
        from ${searchEntries} cross join lateral unnest(${column}) as f(id)
        where ${where}
        group by f.id order by count(*) desc, f.id limit ${MAX_FACETS}`,
  );
}

function entryOf(d: SearchDocument) {
  return {
    submission_id: d.submissionId,
    name: d.name,
    description: d.description,
    keywords: d.keywords,
    kind: d.kind,
    game: d.game,
    category_id: d.categoryId,
    category_ids: d.categoryIds,
    category_path: d.categoryPath,
    tag_ids: d.tagIds,
    tags: d.tags,
    themes: d.themes,
    creator_id: d.creatorId,
    creator_name: d.creatorName,
    exclusive: d.exclusive,
    publish_at: d.publishAt,
    early_access_until: d.earlyAccessUntil,
    thumbnail_path: d.thumbnailPath,
    document: sql`setweight(to_tsvector('english', ${d.name}), 'A')
      || setweight(to_tsvector('english', ${`${d.keywords} ${d.creatorName}`}), 'B')
      || setweight(to_tsvector('english', ${[d.categoryPath, ...d.tags, ...d.themes].join(' ')}), 'C')
      || setweight(to_tsvector('english', ${d.description}), 'D')` as unknown as string,
  };
}

function documentOf(r: EntryRow): SearchDocument {
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    submissionId: Number(r.submission_id),
    name: r.name,
    description: r.description,
    keywords: r.keywords,
    kind: r.kind as SearchableKind,
    game: Number(r.game),
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryIds: (r.category_ids ?? []).map(Number),
    categoryPath: r.category_path,
    tagIds: (r.tag_ids ?? []).map(Number),
    tags: r.tags ?? [],
    themes: r.themes ?? [],
    creatorId: Number(r.creator_id),
    creatorName: r.creator_name,
    exclusive: r.exclusive,
    publishAt: date(r.publish_at)!,
    earlyAccessUntil: date(r.early_access_until),
    thumbnailPath: r.thumbnail_path,
  };
}
