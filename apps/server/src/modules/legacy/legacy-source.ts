import type { Readable } from 'node:stream';
import type { Tx } from '../../db/client';
import type { Page } from '../../schema/page-size';

/**
 * The older submission system as the portal sees it (DESIGN section 8): its items, their pictures,
 * files and categories, their creators, and its category tree. ONE interface, two engines:
 *
 * - `legacy-source.mariadb.ts`: the old system's own MySQL/MariaDB database (LEGACY_DATABASE_URL),
 *   in production;
 * - `legacy-source.postgres.ts`: the same tables in the `legacy` schema of the portal's own database
 *   (embedded PGlite or a PostgreSQL server), by default and in tests.
 *
 * The server makes one per process from its configuration (`openLegacySource`, legacy-source.open.ts)
 * and hands it to every request and job as `ctx.legacy`. Both engines pass the same contract test
 * (legacy-source.contract.int.test.ts): whatever a caller relies on is written there.
 *
 * Rules every method keeps:
 * - Reads never hold a transaction open; each write is one transaction of the legacy database.
 * - Text matches are case-insensitive and take the phrase literally (`%` and `_` are not wildcards).
 * - Lists come in a stable order: items by id unless said otherwise, pictures by position then id,
 *   files by id, categories by name.
 * - A problem of the caller's input (an unknown id) throws `LegacySourceError` with a code; the
 *   module's errors (legacy.errors.ts) turn codes into messages for people.
 */
export interface LegacySource {
  /** Which engine this is (for logs, docs and tests). */
  readonly engine: 'postgres' | 'mariadb';

  /**
   * A page of items matching every condition of `filter` (all optional), with an exact total:
   * Lighthouse's paginator shape (`first` capped at `MAX_PAGE_SIZE`, `page` from 1). Newest first
   * (`order: 'id_desc'`, the default), oldest first (`id_asc`), or by publish date, newest first
   * and undated last (`publish_date_desc`; the content search dialog's order).
   */
  searchItems(filter: LegacyItemFilter, paging?: LegacyPaging): Promise<Page<LegacyItem>>;

  /** How many items match `filter` (a bulk migration's "remaining"). */
  countItems(filter: LegacyItemFilter): Promise<number>;

  /** One item with its pictures, files, categories and creator; null when there is none. */
  item(id: number): Promise<LegacyItemDetail | null>;

  /**
   * Several items with their details, in the order of `ids` (missing ones left out): a request's
   * batch loader reads the pictures of a whole page this way, in a fixed number of queries.
   */
  items(ids: readonly number[]): Promise<LegacyItemDetail[]>;

  /**
   * The next batch of items after `afterId` in id order, with their details: what a bulk migration
   * streams (keyset paging, so batch n costs what batch 1 costs). One query for the items and one
   * each for their pictures, files and categories, never one per item. Start with `afterId: 0`;
   * continue from the last id returned; an empty answer is the end. `filter` narrows it (a
   * creator: `memberId`; a range: `fromId`/`toId`, both inclusive; any other condition too).
   */
  itemsAfter(afterId: number, limit: number, filter?: LegacyItemFilter): Promise<LegacyItemDetail[]>;

  /**
   * Changes an item's title, description, categories (the full list of ids, replacing the old one),
   * hidden flag and status: only the fields given. One transaction: all of it or nothing. Answers
   * the item before and after. Throws ITEM_NOT_FOUND, or CATEGORY_NOT_FOUND naming every unknown id.
   * The caller checks the values themselves (lengths, known statuses): the source stores what it is given.
   */
  updateItem(id: number, edit: LegacyItemEdit, options?: LegacyWriteOptions<LegacyItemChange>): Promise<LegacyItemChange>;

  /**
   * Sync back: writes status, publish date and hidden flag of many items at once (each row whole).
   * Only rows that differ are written; answers which changed and which ids do not exist (those are
   * skipped, the rest is written). Idempotent: the same call again changes 0. One transaction;
   * any size (sent in chunks inside it).
   */
  writePublications(rows: readonly LegacyPublication[], options?: LegacyWriteOptions<LegacyPublicationResult>): Promise<LegacyPublicationResult>;

  /** The whole category tree as a flat list (parent id, position), ordered by parent, position, id. */
  categories(): Promise<LegacyCategory[]>;

  /**
   * Applies inserts, renames and moves to the category tree, in the order given, in one transaction
   * (a later change may name a category an earlier insert made, by the id it gave). Changes that
   * would change nothing (a rename to the same name, a move to where it is) are not counted.
   * Throws CATEGORY_NOT_FOUND (an id to rename or move, or a parent), CATEGORY_EXISTS (an insert's
   * id is taken) or CATEGORY_CYCLE (a move under itself or its own descendant); then nothing is applied.
   */
  applyCategoryChanges(changes: readonly LegacyCategoryChange[], options?: LegacyWriteOptions<LegacyCategoryResult>): Promise<LegacyCategoryResult>;

  /**
   * A picture's or a file's bytes from the legacy files (folder ID/1000, SPEC 7); null when the
   * file is missing. The name is the row's `filename`; one with a path in it is missing too.
   */
  openMedia(kind: LegacyMediaKind, itemId: number, filename: string): Promise<LegacyMediaContent | null>;

  /** Lets go of connections (the MariaDB pool); the embedded engine shares the portal's and keeps it. */
  close(): Promise<void>;
}

/** Conditions on items; every one given must hold. */
export interface LegacyItemFilter {
  id?: number;
  /** A phrase anywhere in the title. */
  title?: string;
  /** A phrase anywhere in the creator's name. */
  creator?: string;
  /** A phrase anywhere in the title or the creator's name (the content search dialog). */
  phrase?: string;
  game?: number;
  /** One status, or any of several. */
  status?: string | readonly string[];
  isHidden?: boolean;
  /** Live on the old site: status published with a publish date that has come (isLegacyPublished). */
  published?: boolean;
  /** The creator's member id (the same as the portal member's). */
  memberId?: number;
  /** Inclusive id range. */
  fromId?: number;
  toId?: number;
}

export interface LegacyPaging {
  first?: number | null;
  page?: number | null;
  order?: 'id_desc' | 'id_asc' | 'publish_date_desc';
  /**
   * A search by title, creator or phrase counts its matches up to this many (the SEARCH_COUNT_BOUND
   * setting; the total then says "more than", as a staff queue's search does), or to the end of the
   * page asked for when that is further. Absent: counted exactly. The MariaDB source always counts exactly.
   */
  countBound?: number | null;
}

export interface LegacyCreator {
  memberId: number;
  /** The old system's user name; null when its members table has no row for the id. */
  name: string | null;
}

/** An item as lists show it. */
export interface LegacyItem {
  id: number;
  title: string;
  description: string;
  keywords: string;
  /** 2, 3 or 4 (LEGACY_GAMES). */
  game: number;
  /** One of LEGACY_ITEM_STATUSES (stored as text: whatever the old system wrote). */
  status: string;
  publishDate: Date | null;
  isHidden: boolean;
  /** How many reports it has. */
  reports: number;
  /** How many times it was downloaded. */
  uploads: number;
  creator: LegacyCreator;
  createdAt: Date;
  updatedAt: Date;
}

export interface LegacyImage {
  id: number;
  itemId: number;
  position: number;
  filename: string;
}

export interface LegacyFile {
  id: number;
  itemId: number;
  filename: string;
  filesize: number;
  mimetype: string;
  version: number;
  createdAt: Date;
}

export interface LegacyCategoryRef {
  id: number;
  name: string;
}

/** An item with everything it has. */
export interface LegacyItemDetail extends LegacyItem {
  images: LegacyImage[];
  files: LegacyFile[];
  categories: LegacyCategoryRef[];
}

/** What `updateItem` changes; fields left out stay as they are. */
export interface LegacyItemEdit {
  title?: string;
  description?: string;
  /** The item's categories, all of them (replaces the list). */
  categoryIds?: readonly number[];
  isHidden?: boolean;
  status?: string;
}

export interface LegacyItemChange {
  before: LegacyItemDetail;
  after: LegacyItemDetail;
}

/** What sync back writes of one item. */
export interface LegacyPublication {
  id: number;
  status: string;
  publishDate: Date | null;
  isHidden: boolean;
}

export interface LegacyPublicationResult {
  /** How many items changed (0 when all were already so). */
  changed: number;
  /** Which, ascending. */
  changedIds: number[];
  /** Ids asked for that have no item, ascending. */
  missingIds: number[];
}

export interface LegacyCategory {
  id: number;
  parentId: number | null;
  name: string;
  position: number;
}

/**
 * One change to the category tree. An insert may give its id (so that the caller can keep the two
 * trees' ids in step, and later changes can name it); without one the database assigns it.
 * `position` defaults to after the last of the new parent's children.
 */
export type LegacyCategoryChange =
  | { kind: 'insert'; id?: number; parentId: number | null; name: string; position?: number }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'move'; id: number; parentId: number | null; position?: number };

export interface LegacyCategoryResult {
  /** The ids of the inserted categories, in the order of the inserts. */
  insertedIds: number[];
  renamed: number;
  moved: number;
}

/**
 * A write's hook into its transaction: `beforeCommit` runs after the legacy rows are written and
 * before they are committed; if it throws, nothing is written. `portalTx` is the portal database's
 * transaction when the legacy tables live in it (the embedded engine: write the change log there and
 * it commits with the change), null when they do not (MariaDB: write it with `ctx.db`; it is then
 * committed just before the legacy change).
 */
export interface LegacyWriteOptions<R> {
  beforeCommit?: (result: R, portalTx: Tx | null) => Promise<void>;
}

/** `images/` or `files/` of the legacy files folder. */
export type LegacyMediaKind = 'image' | 'file';

export interface LegacyMediaContent {
  stream: Readable;
  size: number;
}

/** Codes of the legacy source's refusals (legacy.errors.ts has their messages). */
export type LegacySourceErrorCode = 'ITEM_NOT_FOUND' | 'CATEGORY_NOT_FOUND' | 'CATEGORY_EXISTS' | 'CATEGORY_CYCLE';

/** A refusal of the caller's input: what was wrong, by code and the ids concerned. */
export class LegacySourceError extends Error {
  constructor(
    readonly code: LegacySourceErrorCode,
    readonly ids: number[],
  ) {
    super(`${code}: ${ids.join(', ')}`);
    this.name = 'LegacySourceError';
  }
}

/** How many rows one statement of a bulk write sends (well under both engines' parameter limits). */
export const LEGACY_WRITE_CHUNK = 1000;

/** The largest batch `itemsAfter` returns. */
export const MAX_LEGACY_BATCH = 5000;
