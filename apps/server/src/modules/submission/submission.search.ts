import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isQueueId, likePattern, queueDefinition, type QueueDefinition, type QueueId } from '@corner/domain';
import type { DbOrTx } from '../../db/client';
import { preloadColumns, primePreloads, type PagePreload, type Preload } from '../../db/loader';
import { outsideTransaction, preparedQuery, preparedRows, type Placeholders } from '../../db/prepared';
import { DEEP_OFFSET, orderedByIds, rows } from '../../db/rows';
import { members, submissions } from '../../db/schema/index';
import { validationError } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { escapeLike } from '../../db/sql';
import { countAllSql, countOwnSql, publishMonthOfOffsetSql, queueAt, queueSql, type QueueAt } from '../../db/queue.sql';
import type { SubmissionRow } from './submission.access';

/** One filter term of queryParams (DESIGN section 2). */
export interface QueryTerm {
  field: string;
  operator: string;
  value?: unknown;
}

export interface QueryParams {
  queue?: string | null;
  terms?: readonly QueryTerm[] | null;
  search?: string | null;
  sort?: string | null;
  order?: string | null;
  first?: number | null;
  page?: number | null;
}

type FieldType = 'int' | 'text' | 'date' | 'status' | 'kind' | 'boolean';

/** The fields a term or sort may name, per search: an explicit allow-list (DESIGN section 2). */
export const MY_ITEMS_FIELDS: Record<string, FieldType> = {
  id: 'int',
  status: 'status',
  model_type: 'kind',
  category_id: 'int',
  game_version: 'int',
  name: 'text',
  created_at: 'date',
  updated_at: 'date',
  publish_at: 'date',
};

/**
 * Staff searches (newItemsSearch, newItemsCount, itemsSearch) look at every creator's creations,
 * so they may also filter on who made, reviewed or holds a creation, and on more dates.
 */
export const STAFF_ITEMS_FIELDS: Record<string, FieldType> = {
  ...MY_ITEMS_FIELDS,
  member_id: 'int',
  team_member_id: 'int',
  moderator_id: 'int',
  submitted_at: 'date',
  deleted_at: 'date',
  /** Flagged as a possible copy of another member's creation (issue 15): the queues' filter. */
  possible_duplicate: 'boolean',
};

const OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'like', 'in'] as const;
type Operator = (typeof OPERATORS)[number];

const COLUMNS = {
  id: submissions.id,
  status: submissions.status,
  model_type: submissions.model_type,
  category_id: submissions.category_id,
  game_version: submissions.game_version,
  name: submissions.name,
  created_at: submissions.created_at,
  updated_at: submissions.updated_at,
  publish_at: submissions.publish_at,
  deleted_at: submissions.deleted_at,
  member_id: submissions.member_id,
  team_member_id: submissions.team_member_id,
  moderator_id: submissions.moderator_id,
  submitted_at: submissions.submitted_at,
  possible_duplicate: submissions.possible_duplicate,
} as const;

function coerce(field: string, type: FieldType, value: unknown): unknown {
  const fail = (what: string) => {
    throw validationError({ [`queryParams.terms.${field}`]: [`${field} needs ${what}.`] });
  };
  switch (type) {
    case 'int': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) fail('a whole number');
      return n;
    }
    case 'boolean': {
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      return fail('true or false');
    }
    case 'date': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) fail('a date (ISO-8601)');
      return d.toISOString();
    }
    default:
      if (typeof value !== 'string' && typeof value !== 'number') fail('a text value');
      return String(value);
  }
}

function termSql(term: QueryTerm, fields: Record<string, FieldType>): SQL {
  const type = fields[term.field];
  if (!type) {
    throw validationError({ 'queryParams.terms': [`"${term.field}" cannot be filtered on here. Fields: ${Object.keys(fields).join(', ')}.`] });
  }
  if (!(OPERATORS as readonly string[]).includes(term.operator)) {
    throw validationError({ 'queryParams.terms': [`"${term.operator}" is not an operator. Use one of ${OPERATORS.join(' ')}.`] });
  }
  const column = COLUMNS[term.field as keyof typeof COLUMNS];
  const op = term.operator as Operator;
  if (op === 'in') {
    const list = Array.isArray(term.value) ? term.value : String(term.value).split(',');
    if (list.length === 0) return sql`false`;
    return sql`${column} in (${sql.join(list.map((v) => sql`${coerce(term.field, type, typeof v === 'string' ? v.trim() : v)}`), sql`, `)})`;
  }
  if (op === 'like') return sql`${column}::text ilike ${likePattern(String(term.value))}`;
  const value = coerce(term.field, type, term.value);
  return sql`${column} ${sql.raw(op === '!=' ? '<>' : op)} ${value}`;
}

export interface SearchOptions {
  /** Only this creator's creations (the creator's own lists). */
  ownerId?: number;
  /** The fields terms and sort may name. */
  fields: Record<string, FieldType>;
  /** The free-text search also matches the creator's user name (staff searches). */
  searchCreator?: boolean;
  /** The order when the params name none; by default the queue's own. */
  defaultSort?: QueueDefinition['sort'];
  now?: Date;
  /**
   * Counts a whole queue (no owner, terms or search). Staff searches pass the request's loader, so
   * a page's total and its queue's count are read once; without it the queue is counted here.
   */
  wholeQueueCount?: (queue: QueueId) => Promise<number>;
  /** A text search's matches are counted up to this many (the SEARCH_COUNT_BOUND setting; SEARCH_COUNT_BOUND below when absent). */
  countBound?: number;
  /** What the page's rows show, read with the page (`pagePreload`). */
  preload?: PagePreload<SubmissionRow> | undefined;
}

/** The queue the params name (default `all`); an unknown one is a validation error. */
export function queueOf(params: Pick<QueryParams, 'queue'>): QueueId {
  return params.queue ? (isQueueId(params.queue) ? params.queue : invalidQueue(params.queue)) : 'all';
}

/**
 * Creations whose creator's user name matches a LIKE pattern. The creators are found once, through
 * their trigram index (an init plan, never a subquery per creation), and `= any(array(…))` keeps
 * this branch of a search's OR indexable on `member_id`.
 */
export function creatorNameMatches(pattern: string): SQL {
  return sql`${submissions.member_id} = any(array(select m.id from ${members} m where m.username ilike ${pattern}))`;
}

/**
 * A search's WHERE in its parts: what every match meets (the queue, the owner, the terms), how the
 * free text matches a creation's own fields (its id, name or keywords), and the pattern its creator's
 * user name may match instead (staff searches).
 */
export interface SearchParts {
  base: SQL;
  own: SQL | null;
  creatorPattern: string | null;
}

export function searchParts(params: QueryParams, options: SearchOptions & { now: Date }): SearchParts {
  const queue = queueOf(params);
  const parts: SQL[] = [queueSql(queue, options.now, options.ownerId)];
  for (const term of params.terms ?? []) parts.push(termSql(term, options.fields));
  const base = and(...parts)!;
  const search = params.search?.trim();
  if (!search) return { base, own: null, creatorPattern: null };
  const asId = /^\d+$/.test(search) && Number(search) > 0 ? Number(search) : null;
  const pattern = `%${escapeLike(search)}%`;
  const own = or(...(asId === null ? [] : [eq(submissions.id, asId)]), ilike(submissions.name, pattern), ilike(submissions.keywords, pattern))!;
  return { base, own, creatorPattern: options.searchCreator ? pattern : null };
}

function whereOf({ base, own, creatorPattern }: SearchParts): SQL {
  if (!own) return base;
  return and(base, creatorPattern ? or(own, creatorNameMatches(creatorPattern))! : own)!;
}

/** The WHERE of a search: the queue, the owner, the terms and the free-text search. */
export function searchWhere(params: QueryParams, options: SearchOptions & { now: Date }): SQL {
  return whereOf(searchParts(params, options));
}

function invalidQueue(queue: string): never {
  throw validationError({ 'queryParams.queue': [`"${queue}" is not a queue.`] });
}

/**
 * A list's order: its sort column, then id as the tie-breaker, both one way; in a queue whose own
 * order puts fast-tracked creations first (awaiting approval), those lead when no other sort is asked.
 */
interface ListOrder {
  column: (typeof COLUMNS)[keyof typeof COLUMNS];
  direction: 'asc' | 'desc';
  fastTrackFirst: boolean;
}

function listOrder(params: QueryParams, fields: Record<string, FieldType>, defaultSort?: QueueDefinition['sort']): ListOrder {
  const queue = params.queue && isQueueId(params.queue) ? params.queue : 'all';
  const fallback = defaultSort ?? queueDefinition(queue).sort;
  const field = params.sort ?? fallback.field;
  if (!(field in fields) && field !== 'deleted_at') {
    throw validationError({ 'queryParams.sort': [`Cannot sort by "${field}". Sort by one of ${Object.keys(fields).join(', ')}.`] });
  }
  const direction = (params.order ?? (params.sort ? 'asc' : fallback.order)).toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') throw validationError({ 'queryParams.order': ['Order is asc or desc.'] });
  return { column: COLUMNS[field as keyof typeof COLUMNS], direction, fastTrackFirst: !params.sort && !defaultSort && fallback.fastTrackFirst === true };
}

/**
 * The ORDER BY of a list, or of the same list read from its end (`reversed`). Creations without a
 * value in a nullable sort column (an unpublished creation's publish date) come last; the queue
 * indexes of migration 0008 are built in exactly these orders, so a page is read from an index.
 */
function orderSql({ column, direction, fastTrackFirst }: ListOrder, reversed = false): SQL[] {
  const forward = direction === 'asc';
  const ascending = reversed ? !forward : forward;
  const nulls = column.notNull ? sql`` : reversed ? sql` nulls first` : sql` nulls last`;
  const lead = fastTrackFirst ? [reversed ? asc(submissions.fast_track) : desc(submissions.fast_track)] : [];
  return [...lead, sql`${column} ${sql.raw(ascending ? 'asc' : 'desc')}${nulls}`, ascending ? asc(submissions.id) : desc(submissions.id)];
}

/** The columns a list's order reads (its id, sort column and fast-track flag): what a set of matches keeps to be sorted. */
function orderColumns({ column, fastTrackFirst }: ListOrder): SQL {
  return sql.join([submissions.id, ...(column === submissions.id ? [] : [column]), ...(fastTrackFirst ? [submissions.fast_track] : [])], sql`, `);
}

/** The ORDER BY of the list the params ask for (exported for the plan tests). */
export function listOrderSql(params: QueryParams, options: Pick<SearchOptions, 'fields' | 'defaultSort'>, reversed = false): SQL[] {
  return orderSql(listOrder(params, options.fields, options.defaultSort), reversed);
}


/**
 * The rows at `offset` (up to `limit`) of the list in `order`. The page's ids are found first, from
 * the queue index alone where one matches, then only those rows are read: skipping a deep offset then
 * walks index entries, never whole rows.
 *
 * `fenced`: the matches of a text search are found first, from the trigram indexes, and only they are
 * sorted (`offset 0` keeps the planner from pulling the order and limit into the matching). Unfenced,
 * the planner may walk the queue's order index and test each row, which finds a common word's first
 * page at once but reads the whole queue for a rare one (3 s at a million creations).
 */
async function pageRows(
  db: DbOrTx,
  where: SQL,
  order: ListOrder,
  window: { reversed: boolean; limit: number; offset: number; fenced: boolean },
  preload: PagePreload<SubmissionRow> | undefined,
): Promise<SubmissionRow[]> {
  const { reversed, limit, offset, fenced } = window;
  if (limit <= 0) return [];
  const by = orderSql(order, reversed);
  const ids = fenced
    ? sql`(select ${submissions.id} from (select ${orderColumns(order)} from ${submissions} where ${where} offset 0) as ${submissions}
        order by ${sql.join(by, sql`, `)} limit ${limit} offset ${offset})`
    : db.select({ id: submissions.id }).from(submissions).where(where).orderBy(...by).limit(limit).offset(offset);
  const found = await db.select(pageColumns(preload?.preloads)).from(submissions).where(inArray(submissions.id, ids as SQL)).orderBy(...by);
  const rows = primed(found, preload);
  return reversed ? rows.reverse() : rows;
}

/**
 * A page of a queue as it stands (no terms, no text), the commonest list of all (a creator's own
 * list, the first pages of a staff queue): `pageRows` unfenced, through one prepared query per
 * queue, owner or not, order and preloads (what the rows show, read with them). PostgreSQL decides
 * per connection whether to keep a plan or plan each call (`preparedQuery`): a queue of ten rows
 * and one of a million want different plans, and it keeps planning where they differ.
 */
const queuePage = preparedQuery(
  (
    db,
    values: Placeholders<QueueAt & { ownerId: number | null; limit: number; offset: number }>,
    shape: { queue: QueueId; owned: boolean; order: ListOrder; preloads: readonly Preload<SubmissionRow>[] },
  ) => {
    const where = queueSql(shape.queue, values, shape.owned ? values.ownerId : undefined);
    const by = orderSql(shape.order);
    const ids = db.select({ id: submissions.id }).from(submissions).where(where).orderBy(...by).limit(values.limit).offset(values.offset);
    return db.select(pageColumns(shape.preloads)).from(submissions).where(inArray(submissions.id, ids)).orderBy(...by);
  },
  {
    shapeKey: ({ queue, owned, order, preloads }) =>
      `${queue}:${owned ? 'own' : 'all'}:${order.column.name}:${order.direction}:${order.fastTrackFirst}:${preloads.map((p) => p.name).join(',')}`,
  },
);

/** Whether the params match text (a search, or a `like` term): see `searchSubmissions`. */
function matchesText(params: QueryParams): boolean {
  return Boolean(params.search?.trim()) || (params.terms ?? []).some((t) => t.operator === 'like');
}

/**
 * A text search's matches are counted up to this many by default (the SEARCH_COUNT_BOUND setting), or
 * up to the end of the page asked for when that is further (docs/decisions.md, "Counting a search's
 * matches"). Past it, the total says "more than" and stays a lower bound: a common word's 89,000
 * matches at a million creations took 480 ms to count exactly (each is read again to test it), the
 * first thousand 17 ms (10,000: 45 ms).
 */
export const SEARCH_COUNT_BOUND = 1_000;

/**
 * A text search's matches up to `bound` + 1 in one statement: how many there are (`exact` when no
 * more than `bound`), and the page's ids sorted from them, which is the page whenever they are all.
 * The matches by the creation's own fields and those by its creator's user name are gathered apart,
 * each up to `bound` + 1: a common word in thousands of user names then reads the creations of the
 * first few creators only, through the creator index, instead of a bitmap of all their creations.
 * The creator's are gathered first (a few index reads), and when they alone are more than the bound
 * the own fields are not searched at all (a one-time filter): the count is already "more than".
 */
async function matchesUpTo(
  db: DbOrTx,
  parts: SearchParts,
  order: ListOrder,
  window: { bound: number; limit: number; offset: number },
): Promise<{ total: number; exact: boolean; ids: number[] }> {
  const columns = orderColumns(order);
  const enough = window.bound + 1;
  const own = parts.own ? and(parts.base, parts.own)! : parts.base;
  const matches = parts.creatorPattern
    ? sql`by_creator as materialized (select ${columns} from (select m.id from ${members} m where m.username ilike ${parts.creatorPattern}) as creators
          cross join lateral (select ${columns} from ${submissions} where ${submissions.member_id} = creators.id and ${parts.base} limit ${enough}) as ${submissions} limit ${enough}),
        matches as materialized (select * from by_creator
          union (select ${columns} from ${submissions} where ${own} and (select count(*) from by_creator) < ${enough} limit ${enough}))`
    : sql`matches as materialized (select ${columns} from ${submissions} where ${own} limit ${enough})`;
  const [row] = await rows<{ n: number; ids: number[] | null }>(
    db,
    sql`with ${matches}
      select (select count(*)::int from matches) as n,
        array(select ${submissions.id} from matches as ${submissions} order by ${sql.join(orderSql(order), sql`, `)} limit ${window.limit} offset ${window.offset}) as ids`,
  );
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, enough), exact: n <= window.bound, ids: (row?.ids ?? []).map(Number) };
}

/** Creations by id, in the order of `ids`. */
async function rowsInOrder(db: DbOrTx, ids: number[], preload: PagePreload<SubmissionRow> | undefined): Promise<SubmissionRow[]> {
  if (ids.length === 0) return [];
  return orderedByIds(ids, primed(await db.select(pageColumns(preload?.preloads)).from(submissions).where(inArray(submissions.id, ids)), preload));
}

/** A page's columns: the creation's own and its preloads' (`Loader.preload`). */
function pageColumns(preloads: readonly Preload<SubmissionRow>[] = []) {
  return { ...getTableColumns(submissions), ...preloadColumns(preloads) };
}

/** A page's rows as creations, their preloads handed to the request's loaders. */
function primed(found: SubmissionRow[], preload: PagePreload<SubmissionRow> | undefined): SubmissionRow[] {
  return preload ? primePreloads(preload.host, found, preload.preloads) : found;
}

/**
 * One page of creations matching the params.
 * - A list without text to match reads its page and its total at once; the total of a whole queue
 *   comes from the rollup.
 * - A text search counts its matches up to a bound and sorts its page from them when they are no
 *   more; when there are more, a shallow page is found by walking the order index (the first ones
 *   come at once) and a deep one is sorted from all the matches; see below.
 * - A deep page (past DEEP_OFFSET) of a list without text is read from whichever end of the list is
 *   nearer, so the last page of a million costs what the first ones do.
 */
export async function searchSubmissions(
  db: DbOrTx,
  params: QueryParams,
  options: SearchOptions,
): Promise<Page<SubmissionRow>> {
  const now = options.now ?? new Date();
  const { perPage, currentPage, limit, offset } = pageWindow(params.first, params.page);
  const count = () => countSubmissions(db, params, { ...options, now });
  const text = matchesText(params);
  const shallow = offset < DEEP_OFFSET;
  // A queue's shallow page as it stands (no terms, no text) comes from a prepared query.
  const asItStands = shallow && !text && !params.terms?.length ? outsideTransaction(db) : null;
  if (asItStands) {
    const queue = queueOf(params);
    const order = listOrder(params, options.fields, options.defaultSort);
    const preloads = options.preload?.preloads ?? [];
    const page = queuePage(asItStands, { ...queueAt(now), ownerId: options.ownerId ?? null, limit, offset }, { queue, owned: options.ownerId !== undefined, order, preloads });
    const [found, total] = await Promise.all([page, count()]);
    const data = primed(found, options.preload);
    return { data, paginatorInfo: paginatorInfo(total, data.length, perPage, currentPage) };
  }
  const parts = searchParts(params, { ...options, now });
  const where = whereOf(parts);
  const order = listOrder(params, options.fields, options.defaultSort);
  if (shallow && !text) {
    const [data, total] = await Promise.all([pageRows(db, where, order, { reversed: false, limit, offset, fenced: false }, options.preload), count()]);
    return { data, paginatorInfo: paginatorInfo(total, data.length, perPage, currentPage) };
  }
  if (text) {
    // A text search: its matches up to the bound (at least the end of this page) are counted and
    // sorted in one statement, which is the page when there are no more. With more, the page is
    // found by walking the order index (a shallow page: the first matches come at once) or sorted
    // from all the matches (a deep one, whose end is not known).
    const bound = Math.max(options.countBound ?? SEARCH_COUNT_BOUND, offset + limit);
    const { total, exact, ids } = await matchesUpTo(db, parts, order, { bound, limit, offset });
    const data = exact ? await rowsInOrder(db, ids, options.preload) : await pageRows(db, where, order, { reversed: false, limit, offset, fenced: !shallow }, options.preload);
    return { data, paginatorInfo: paginatorInfo(total, data.length, perPage, currentPage, exact) };
  }
  const total = await count();
  if (offset < total) {
    const byMonth = await pageByPublishMonth(db, params, options, where, order, { limit, offset, now });
    if (byMonth) return { data: byMonth, paginatorInfo: paginatorInfo(total, byMonth.length, perPage, currentPage) };
  }
  const rowsHere = Math.max(0, Math.min(limit, total - offset));
  const after = total - offset - rowsHere;
  const data =
    after < offset
      ? await pageRows(db, where, order, { reversed: true, limit: rowsHere, offset: after, fenced: false }, options.preload)
      : await pageRows(db, where, order, { reversed: false, limit, offset, fenced: false }, options.preload);
  return { data, paginatorInfo: paginatorInfo(total, data.length, perPage, currentPage) };
}

/**
 * A deep page of a whole queue in publish-date order (approved, published), started at the UTC month
 * its first row falls in: the rollup says which month that is and how many rows come before it
 * (`publishMonthOfOffsetSql`), and the queue's own index is read from that month's edge with an
 * offset of less than one month's rows. Reading from the nearer end still skipped up to half the
 * queue (114 ms for the middle page of 856,000 published). Null when this does not apply: a list
 * narrower than a whole queue, another order, an offset among the undated rows at the end, or a
 * month the rollup cannot tell.
 */
async function pageByPublishMonth(
  db: DbOrTx,
  params: QueryParams,
  options: SearchOptions,
  where: SQL,
  order: ListOrder,
  window: { limit: number; offset: number; now: Date },
): Promise<SubmissionRow[] | null> {
  if (!isWholeQueue(params, options) || order.column !== submissions.publish_at || order.fastTrackFirst) return null;
  const query = publishMonthOfOffsetSql(queueDefinition(queueOf(params)).where, window.now, order.direction, window.offset);
  if (!query) return null;
  const [found] = await rows<{ month: string | null; before: number }>(db, query);
  if (!found?.month) return null;
  const [year, month] = found.month.split('-').map(Number) as [number, number];
  const edge =
    order.direction === 'desc'
      ? sql`${submissions.publish_at} < ${new Date(Date.UTC(year, month, 1)).toISOString()}::timestamptz`
      : sql`${submissions.publish_at} >= ${new Date(Date.UTC(year, month - 1, 1)).toISOString()}::timestamptz`;
  return pageRows(db, and(where, edge)!, order, { reversed: false, limit: window.limit, offset: window.offset - Number(found.before), fenced: false }, options.preload);
}

/** A whole staff queue: no owner, no terms, no text search (its total and positions come from the rollup). */
function isWholeQueue(params: QueryParams, options: SearchOptions): boolean {
  return options.ownerId === undefined && !params.terms?.length && !params.search?.trim();
}

/**
 * How many creations match the params. A whole staff queue (no owner, terms or search) is counted
 * by the queue's counting plan, the same one as the staff counters, so a list's total, its count
 * and its badge are one number; anything narrower counts the list's own WHERE.
 */
export async function countSubmissions(db: DbOrTx, params: QueryParams, options: SearchOptions): Promise<number> {
  if (options.wholeQueueCount && isWholeQueue(params, options)) return options.wholeQueueCount(queueOf(params));
  const now = options.now ?? new Date();
  // A whole queue's count, and a creator's count of one of their queues, are each one of a few
  // fixed statements (prepared on the server); a filtered one varies with its words and filters.
  const queue = queueOf(params);
  if (isWholeQueue(params, options)) {
    const [row] = await preparedRows<{ n: number }, QueueAt>(db, `countWholeQueue:${queue}`, queueAt(now), (at) => countAllSql([{ name: 'n', cond: queueDefinition(queue).where }], at));
    return Number(row?.n ?? 0);
  }
  if (options.ownerId !== undefined && !params.terms?.length && !params.search?.trim()) {
    // The same statement as the creator counters' count of this queue (`countQueues`).
    const [row] = await preparedRows<Partial<Record<QueueId, number>>, QueueAt & { ownerId: number }>(
      db,
      `countOwnQueues:${queue}`,
      { ...queueAt(now), ownerId: options.ownerId },
      (values) => countOwnSql([queue], values, values.ownerId),
    );
    return Number(row?.[queue] ?? 0);
  }
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${submissions} where ${searchWhere(params, { ...options, now })}`);
  return Number(row?.n ?? 0);
}
