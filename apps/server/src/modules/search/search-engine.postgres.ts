import { formatBytes, MAX_COMPLETIONS, MAX_FACETS, queryWords, tsQueryText, typoAlternatives, type QueryWord, type SearchDocument } from '@corner/domain';
import { count, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { fromExcluded } from '../../db/sql';
import { searchEntries, searchWords } from '../../db/schema/index';
import { documentOfStored, STORED_DOCUMENT_FIELDS, storedDocument, type SearchAnswer, type SearchEngine, type SearchFacet, type StoredDocument } from './search-engine';

/** Rows written per statement. */
const UPSERT_CHUNK = 500;
/**
 * Typo candidates looked at per word: the index's words at least 0.3 similar to it (pg_trgm's
 * default `similarity_threshold`, the `%` operator; "bensh" and "bench" are 0.33 alike), of which
 * those within its edit allowance join the search.
 */
const TYPO_CANDIDATES = 20;

/** Every column of a stored document (not the text vector, which only the database reads). */
const ENTRY_COLUMNS = sql.raw(STORED_DOCUMENT_FIELDS.join(', '));

/**
 * The default engine: PostgreSQL full-text search in the portal's own database (`search_entries`,
 * migrations 0018, 0021 and 0023). A document's text vector weighs its name (A) over its keywords
 * and creator (B), its category, tags and themes (C) and its description (D), with English
 * stemming, and holds one token per filter value (filterTokens), so ONE GIN lookup finds what
 * matches every word and every filter. Every word must match, the last also as the start of a
 * longer word (through its completions in `search_words`); a word the index does not hold may be a
 * typo of close words of `search_words`, which then count too.
 * Matches are read once (a materialized CTE) for the page, the exact total and both facets.
 * Relevance is `ts_rank` over the weights (not `ts_rank_cd`, whose cover density of the words cost
 * 13 ms more over 12,000 matches at a million documents), and a facet unnests its arrays in the
 * select list (a lateral function scan per match cost 5 ms more per facet).
 */
export function postgresSearchEngine(db: DbOrTx): SearchEngine {
  return {
    engine: 'postgres',

    async health() {
      const [row] = await rows<{ version: string; size: string }>(db, sql`select current_setting('server_version') as version, pg_total_relation_size('search_entries')::text as size`);
      // Sizes read as everywhere else in the portal ("16.2 KB"), not as PostgreSQL prints them ("88 kB").
      return { healthy: true, detail: `PostgreSQL ${row!.version} full-text search in the portal’s database; the index takes ${formatBytes(Number(row!.size))}.` };
    },

    async upsert(documents) {
      for (let i = 0; i < documents.length; i += UPSERT_CHUNK) {
        const chunk = documents.slice(i, i + UPSERT_CHUNK);
        const values = chunk.map(entryOf);
        await db
          .insert(searchEntries)
          .values(values)
          .onConflictDoUpdate({
            target: searchEntries.submission_id,
            set: fromExcluded(Object.keys(values[0]!).filter((k) => k !== 'submission_id')),
          });
        // The words a typo may be of, or a last word the start of: every word of letters only.
        const words = chunk.map((d) => [d.name, d.keywords, d.creatorName, d.categoryPath, ...d.tags, ...d.themes, d.description].join(' ')).join(' ');
        await db.execute(sql`
          insert into ${searchWords} (word)
          select distinct w from unnest(tsvector_to_array(to_tsvector('simple', ${words}))) as w
          where length(w) between 2 and 40 and w !~ '[0-9_]'
          on conflict (word) do nothing`);
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
      // Punctuation alone is no word: nothing matches. Stop words alone ("the") match everything.
      if (query.text && queryWords(query.text).length === 0) return { documents: [], total: 0, categories: [], tags: [] } satisfies SearchAnswer;
      // No transaction: a creation gone between the matches and the page's rows is left out of the page.
      const words = query.text ? await wordsOf(db, query.text) : [];
      const text = tsQueryText(words);
      const textQuery = text ? sql`to_tsquery('english', ${text})` : null;
      const tokens = filterTokens({ ...query, categoryIds: query.categoryId != null ? [query.categoryId] : [] });
      const filterQuery = tokens.length ? sql`${tokens.map((t) => `'${t}'`).join(' & ')}::tsquery` : null;
      const wanted = textQuery && filterQuery ? sql`(${textQuery} && ${filterQuery})` : (textQuery ?? filterQuery);
      const match = wanted ? sql`e.document @@ ${wanted}` : sql`true`;
      const rank = query.sort === 'relevance' && textQuery ? sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', e.document, ${textQuery})` : sql`0::real`;
      const order =
        query.sort === 'name'
          ? sql`m.sort_name, m.submission_id`
          : query.sort === 'relevance' && textQuery
            ? sql`m.rank desc, m.publish_at desc, m.submission_id desc`
            : sql`m.publish_at desc, m.submission_id desc`;
      const offset = (query.page - 1) * query.first;
      const facet = (column: 'category_ids' | 'tag_ids') => sql`(
        select coalesce(json_agg(json_build_object('id', f.id, 'count', f.n) order by f.n desc, f.id), '[]'::json)
        from (select x.id, count(*)::int as n from (select unnest(m.${sql.raw(column)}) as id from m) as x
              group by x.id order by count(*) desc, x.id limit ${MAX_FACETS}) f)`;
      const [answer] = await rows<{ total: number; ids: number[] | null; categories: SearchFacet[]; tags: SearchFacet[] }>(
        db,
        sql`with m as materialized (
              select e.submission_id, e.publish_at, e.category_ids, e.tag_ids, ${rank} as rank,
                     ${query.sort === 'name' ? sql`lower(e.name)` : sql`null::text`} as sort_name
              from ${searchEntries} e where ${match})
            select (select count(*)::int from m) as total,
                   (select array_agg(p.submission_id order by p.ord) from (
                      select m.submission_id, row_number() over (order by ${order}) as ord from m order by ${order} limit ${query.first} offset ${offset}) p) as ids,
                   ${facet('category_ids')} as categories,
                   ${facet('tag_ids')} as tags`,
      );
      const ids = (answer!.ids ?? []).map(Number);
      const found = ids.length ? await rows<StoredDocument>(db, sql`select ${ENTRY_COLUMNS} from ${searchEntries} where submission_id = any(${`{${ids.join(',')}}`}::int[])`) : [];
      const byId = new Map(found.map((r) => [Number(r.submission_id), r]));
      return {
        documents: ids.flatMap((id) => (byId.has(id) ? [documentOfStored(byId.get(id)!)] : [])),
        total: answer!.total,
        categories: answer!.categories,
        tags: answer!.tags,
      } satisfies SearchAnswer;
    },
  };
}

/**
 * The words of a query the English dictionary keeps (a stop word, "the", has no stem and matches
 * everything), each with the index's close words when the index does not hold it: a typo's
 * alternatives. One statement, whatever the number of words.
 */
async function wordsOf(db: DbOrTx, text: string): Promise<QueryWord[]> {
  const words = queryWords(text);
  const found = await rows<{ word: string; meaningful: boolean; candidates: string[] | null; completions: string[] | null }>(
    db,
    sql`select w.word, numnode(to_tsquery('english', w.word)) > 0 as meaningful,
               case when exists (select 1 from ${searchWords} s where s.word = w.word) then null
                    else array(select s.word from ${searchWords} s where s.word % w.word order by s.word <-> w.word limit ${TYPO_CANDIDATES}) end as candidates,
               case when w.ord = ${words.length}
                    then array(select s.word from ${searchWords} s where s.word like w.word || '%' order by s.word limit ${MAX_COMPLETIONS + 1}) end as completions
        from unnest(${`{${words.join(',')}}`}::text[]) with ordinality as w(word, ord) order by w.ord`,
  );
  return found
    .filter((w) => w.meaningful)
    .map((w) => ({
      word: w.word,
      alternatives: typoAlternatives(w.word, w.candidates ?? []),
      // A word of digits, or one that starts too many words, is matched as a prefix by the index itself.
      completions: w.completions && w.completions.length <= MAX_COMPLETIONS && /^[\p{L}]+$/u.test(w.word) ? w.completions : null,
    }));
}

/**
 * Filter tokens: a value no visitor's word can be (words are letters and digits only) for each
 * filter given: of a document, every one (its categories, those above included); of a query, those
 * it filters by, all of which a match must hold.
 */
function filterTokens(f: { categoryIds?: readonly number[]; tagIds?: readonly number[] | null; kind?: string | null; game?: number | null; creatorId?: number | null; exclusive?: boolean | null }): string[] {
  const tokens = [...(f.categoryIds ?? []).map((id) => `_c${id}`), ...(f.tagIds ?? []).map((id) => `_t${id}`)];
  if (f.kind) tokens.push(`_k${f.kind}`);
  if (f.game != null) tokens.push(`_g${f.game}`);
  if (f.creatorId != null) tokens.push(`_m${f.creatorId}`);
  if (f.exclusive != null) tokens.push(`_x${f.exclusive ? 1 : 0}`);
  return tokens;
}

function entryOf(d: SearchDocument) {
  return {
    ...storedDocument(d),
    publish_at: d.publishAt,
    early_access_until: d.earlyAccessUntil,
    document: sql`setweight(to_tsvector('english', ${d.name}), 'A')
      || setweight(to_tsvector('english', ${`${d.keywords} ${d.creatorName}`}), 'B')
      || setweight(to_tsvector('english', ${[d.categoryPath, ...d.tags, ...d.themes].join(' ')}), 'C')
      || setweight(to_tsvector('english', ${d.description}), 'D')
      || array_to_tsvector(${`{${filterTokens(d).join(',')}}`}::text[])` as unknown as string,
  };
}
