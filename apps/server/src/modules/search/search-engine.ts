import type { SearchableKind, SearchDocument, SearchSort } from '@corner/domain';

/**
 * Where the site's search documents live and how they are searched (issue 17). ONE interface:
 *
 * - `search-engine.postgres.ts`: PostgreSQL full-text search with weighted fields and pg_trgm, in
 *   the portal's own database (`search_entries`), by default on PGlite and on a PostgreSQL server;
 * - `search-engine.cluster.ts`: an Elasticsearch or OpenSearch cluster (SEARCH_URL) for large sites.
 *
 * Both pass `search-engine.contract.int.test.ts`; whatever a caller relies on is written there.
 * The engine only stores and searches documents; which creations belong in it and when they are
 * stale is the search service's (search.service.ts), the same whatever the engine.
 */
export interface SearchEngine {
  readonly engine: 'postgres' | 'elasticsearch' | 'opensearch';

  /** Whether it answers, and a line for staff (the engine's version, the index's size on disk, or what is wrong). */
  health(): Promise<SearchHealth>;

  /** Writes these documents (a new one is added, an existing one replaced). */
  upsert(documents: readonly SearchDocument[]): Promise<void>;

  /** Takes these creations' documents out (ids it does not hold are ignored). */
  remove(submissionIds: readonly number[]): Promise<void>;

  /** Makes every write so far visible to searches (a cluster refreshes on its own within a second). */
  flush(): Promise<void>;

  /** How many documents it holds. */
  count(): Promise<number>;

  /**
   * A page of the documents matching every condition, in the order asked, with the exact total and
   * the facet counts (per category, its subcategories' documents included, and per tag) over every
   * match, not only the page.
   */
  search(query: SearchQuery): Promise<SearchAnswer>;

  /**
   * Reindexing everything, for an engine that rebuilds beside the live copy (a cluster): `begin`
   * makes a fresh copy that every write from then on also goes to (a second `begin` while one is
   * building keeps it); `finish`, once every document is rewritten, makes searches answer from it.
   * Absent: documents are rewritten in place.
   */
  beginRebuild?(): Promise<void>;
  finishRebuild?(): Promise<void>;
}

export interface SearchHealth {
  healthy: boolean;
  detail: string;
}

export interface SearchQuery {
  /** A visitor's words; empty or absent: every document (then relevance means newest). */
  text?: string | null;
  /** A category: its documents and those of every category below it. */
  categoryId?: number | null;
  /** Tags the documents must all carry. */
  tagIds?: readonly number[] | null;
  kind?: SearchableKind | null;
  game?: number | null;
  creatorId?: number | null;
  exclusive?: boolean | null;
  sort: SearchSort;
  /** Page size (1 to MAX_PAGE_SIZE) and page from 1. */
  first: number;
  page: number;
}

export interface SearchFacet {
  id: number;
  count: number;
}

export interface SearchAnswer {
  documents: SearchDocument[];
  total: number;
  /** The largest MAX_FACETS of each, by count then id. */
  categories: SearchFacet[];
  tags: SearchFacet[];
}

/**
 * A document's fields as both engines store them: snake_case, as `search_entries`' columns and the
 * cluster's mapping name them (a type, not an interface: it is a cluster bulk request's line too;
 * its dates become ISO text in JSON).
 */
/** Every field of a stored document, in the order of `search_entries`' columns (a column list reads them all). */
export const STORED_DOCUMENT_FIELDS = [
  'submission_id',
  'name',
  'description',
  'keywords',
  'kind',
  'game',
  'category_id',
  'category_ids',
  'category_path',
  'tag_ids',
  'tags',
  'themes',
  'creator_id',
  'creator_name',
  'exclusive',
  'publish_at',
  'early_access_until',
  'thumbnail_path',
] as const satisfies readonly (keyof StoredDocument)[];

export type StoredDocument = {
  submission_id: number;
  name: string;
  description: string;
  keywords: string;
  kind: string;
  game: number;
  category_id: number | null;
  category_ids: number[];
  category_path: string;
  tag_ids: number[];
  tags: string[];
  themes: string[];
  creator_id: number;
  creator_name: string;
  exclusive: boolean;
  publish_at: Date | string;
  early_access_until: Date | string | null;
  thumbnail_path: string | null;
};

export function storedDocument(d: SearchDocument): StoredDocument {
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
  };
}

/** A stored document read back (numbers that came as text, dates that came as text, lists absent when empty). */
export function documentOfStored(r: StoredDocument): SearchDocument {
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
    publishAt: new Date(r.publish_at),
    earlyAccessUntil: r.early_access_until === null ? null : new Date(r.early_access_until),
    thumbnailPath: r.thumbnail_path,
  };
}
