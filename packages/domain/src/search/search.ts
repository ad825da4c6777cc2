import { isPublished, type ModelType } from '../submission/submission';

/**
 * The site's search index (issue 17): what one published creation is as a search document, when a
 * creation belongs in the index, and how a visitor's words become a query. Pure: the server's
 * search module (modules/search) reads the facts and talks to the engine.
 */

/** The kinds a visitor can search for: a set's items are found through their set. */
export const SEARCHABLE_KINDS = ['item', 'set', 'lot', 'room', 'sim', 'mod'] as const satisfies readonly ModelType[];
export type SearchableKind = (typeof SEARCHABLE_KINDS)[number];

export function isSearchableKind(kind: string): kind is SearchableKind {
  return (SEARCHABLE_KINDS as readonly string[]).includes(kind);
}

/** Orders of a search: best match first, newest first, or by name. */
export const SEARCH_SORTS = ['relevance', 'newest', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** At most this many categories and tags are counted per search (the largest first). */
export const MAX_FACETS = 50;
/** Words of a query beyond this many are ignored (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 12;
/**
 * A search pages through this many matches at most (a cluster's result window); its total still
 * counts every match.
 */
export const MAX_SEARCH_RESULTS = 10_000;
/** A query longer than this is refused. */
export const MAX_QUERY_LENGTH = 200;

/** One published creation as visitors search it. */
export interface SearchDocument {
  submissionId: number;
  name: string;
  description: string;
  keywords: string;
  kind: SearchableKind;
  /** 2, 3 or 4. */
  game: number;
  categoryId: number | null;
  /** Its category and every category above it (a filter on a category finds its subcategories' creations). */
  categoryIds: number[];
  /** "Objects › Living Room › Sofas". */
  categoryPath: string;
  tagIds: number[];
  tags: string[];
  themes: string[];
  creatorId: number;
  creatorName: string;
  exclusive: boolean;
  publishAt: Date;
  /** When early access ends (only subscribers download before then); null without early access. */
  earlyAccessUntil: Date | null;
  /** Where its first picture is served (public: the creation is published); null without pictures. */
  thumbnailPath: string | null;
}

/** The facts that decide whether a creation is in the index. */
export interface SearchFacts {
  model_type: string;
  status: string;
  publish_at: Date | string | null;
  deleted_at: Date | string | null;
}

/**
 * Whether a creation belongs in the index now: published (approved, its publish date passed, not
 * deleted) and of a searchable kind. One approved for a future date is not, until the date passes.
 * The portal has no "hidden" flag on creations (the older system's items have one): a creation is
 * taken out of sight by deleting or unpublishing it, and either takes it out of the index.
 */
export function isSearchable(facts: SearchFacts, now: Date = new Date()): boolean {
  return isSearchableKind(facts.model_type) && isPublished(facts, now);
}

/** One word of a query and the close words of the index it may be a typo of. */
export interface QueryWord {
  word: string;
  alternatives?: readonly string[];
  /**
   * For the last word: the index's words it is the start of ("sof": sofa, sofabed), so each is
   * looked up whole. Absent: the word is matched as a prefix by the engine itself (slower on a big
   * index: PostgreSQL merges every key that starts with it).
   */
  completions?: readonly string[] | null;
}

/** A last word with more completions than this is matched as a prefix instead. */
export const MAX_COMPLETIONS = 50;

/**
 * A visitor's words as a PostgreSQL tsquery text: each word (or one of its alternatives) must match,
 * the last one also as the start of a longer word ("velvet sof" finds "velvet sofa"), through its
 * completions when it has them. Null when no word is left. Words are letters and digits only
 * (queryWords), so no quote or operator reaches the parser.
 */
export function tsQueryText(words: readonly QueryWord[]): string | null {
  if (words.length === 0) return null;
  return words
    .map(({ word, alternatives = [], completions }, i) => {
      const isLast = i === words.length - 1;
      const own = !isLast ? [word] : completions ? [...new Set([word, ...completions])] : [`${word}:*`];
      const all = [...own, ...alternatives.filter((a) => !own.includes(a))];
      return all.length > 1 ? `(${all.join(' | ')})` : all[0]!;
    })
    .join(' & ');
}

/**
 * How many typing mistakes a word may hold and still find a word of the index, by its length: none
 * up to 2 letters, one up to 5, two beyond (what search engines call AUTO fuzziness).
 */
export function typoAllowance(word: string): number {
  return word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2;
}

/** The number of single-letter insertions, deletions, substitutions or swaps of neighbours between two words. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Of an index's words close in spelling to `word`, those within its typo allowance. */
export function typoAlternatives(word: string, candidates: readonly string[]): string[] {
  const allowed = typoAllowance(word);
  return allowed === 0 ? [] : candidates.filter((c) => c !== word && /^[\p{L}\p{N}]+$/u.test(c) && editDistance(word, c) <= allowed);
}

/** The words of a query, lower case, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
}

/** A category's path from the top, joined as pages show it. */
export function categoryPathText(names: readonly string[]): string {
  return names.join(' › ');
}

