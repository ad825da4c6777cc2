import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isQueueId, queueDefinition, type QueueDefinition, type QueueId } from '@corner/domain';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { members, submissions } from '../../db/schema/index';
import { validationError } from '../../errors';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { escapeLike } from '../../db/sql';
import { countAllSql, queueSql } from '../../db/queue.sql';
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

type FieldType = 'int' | 'text' | 'date' | 'status' | 'kind';

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
  if (op === 'like') return sql`${column}::text ilike ${`%${escapeLike(String(term.value))}%`}`;
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

/** The WHERE of a search: the queue, the owner, the terms and the free-text search. */
export function searchWhere(params: QueryParams, options: SearchOptions & { now: Date }): SQL {
  const queue = queueOf(params);
  const parts: SQL[] = [queueSql(queue, options.now, options.ownerId)];
  for (const term of params.terms ?? []) parts.push(termSql(term, options.fields));
  const search = params.search?.trim();
  if (search) {
    const asId = /^\d+$/.test(search) && Number(search) > 0 ? Number(search) : null;
    const pattern = `%${escapeLike(search)}%`;
    const text = or(ilike(submissions.name, pattern), ilike(submissions.keywords, pattern), ...(options.searchCreator ? [creatorNameMatches(pattern)] : []))!;
    parts.push(asId === null ? text : or(eq(submissions.id, asId), text)!);
  }
  return and(...parts)!;
}

function invalidQueue(queue: string): never {
  throw validationError({ 'queryParams.queue': [`"${queue}" is not a queue.`] });
}

function orderBy(params: QueryParams, fields: Record<string, FieldType>, defaultSort?: QueueDefinition['sort']): SQL[] {
  const queue = params.queue && isQueueId(params.queue) ? params.queue : 'all';
  const fallback = defaultSort ?? queueDefinition(queue).sort;
  const field = params.sort ?? fallback.field;
  if (!(field in fields) && field !== 'deleted_at') {
    throw validationError({ 'queryParams.sort': [`Cannot sort by "${field}". Sort by one of ${Object.keys(fields).join(', ')}.`] });
  }
  const direction = (params.order ?? (params.sort ? 'asc' : fallback.order)).toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') throw validationError({ 'queryParams.order': ['Order is asc or desc.'] });
  const column = COLUMNS[field as keyof typeof COLUMNS];
  const primary = direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  return [primary, direction === 'asc' ? asc(submissions.id) : desc(submissions.id)];
}

/** One page of creations matching the params. */
export async function searchSubmissions(
  db: DbOrTx,
  params: QueryParams,
  options: SearchOptions,
): Promise<Page<SubmissionRow>> {
  const now = options.now ?? new Date();
  const where = searchWhere(params, { ...options, now });
  const { perPage, currentPage, limit, offset } = pageWindow(params.first, params.page);
  const [data, total] = await Promise.all([
    db.select().from(submissions).where(where).orderBy(...orderBy(params, options.fields, options.defaultSort)).limit(limit).offset(offset),
    countSubmissions(db, params, { ...options, now }),
  ]);
  return { data, paginatorInfo: paginatorInfo(total, data.length, perPage, currentPage) };
}

/**
 * How many creations match the params. A whole staff queue (no owner, terms or search) is counted
 * by the queue's counting plan, the same one as the staff counters, so a list's total, its count
 * and its badge are one number; anything narrower counts the list's own WHERE.
 */
export async function countSubmissions(db: DbOrTx, params: QueryParams, options: SearchOptions): Promise<number> {
  const now = options.now ?? new Date();
  const where = searchWhere(params, { ...options, now });
  const wholeQueue = options.ownerId === undefined && !params.terms?.length && !params.search?.trim();
  const query = wholeQueue
    ? countAllSql([{ name: 'n', cond: queueDefinition(queueOf(params)).where }], now)
    : sql`select count(*)::int as n from ${submissions} where ${where}`;
  const [row] = await rows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}
