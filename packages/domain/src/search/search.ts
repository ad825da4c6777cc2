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

/**
 * A visitor's words as a PostgreSQL tsquery text: each word (letters and digits, any alphabet) must
 * match, the last one also as the start of a longer word ("velvet sof" finds "velvet sofa"). Null
 * when no word is left. Quotes, operators and punctuation never reach the parser.
 */
export function tsQueryText(query: string): string | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The words of a query, lower case, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
}

/** A category's path from the top, joined as pages show it. */
export function categoryPathText(names: readonly string[]): string {
  return names.join(' › ');
}

/** When a creation's early access ends, from its settings; null without early access. */
export function earlyAccessUntil(s: { early_access_at: Date | string | null; early_access_days: number | null; publish_at: Date | string | null }): Date | null {
  if (s.early_access_at) return new Date(s.early_access_at);
  if (s.early_access_days && s.early_access_days > 0 && s.publish_at) return new Date(new Date(s.publish_at).getTime() + s.early_access_days * 86_400_000);
  return null;
}
