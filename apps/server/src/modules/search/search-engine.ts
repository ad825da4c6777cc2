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
