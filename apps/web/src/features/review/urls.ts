import { isQueueId, queueDefinition, QUEUE_SORT_FIELDS, type QueueId, type QueueSortField } from '@corner/domain';
import { CREATABLE_KINDS, type CreatableKind } from '../submission/urls';
import { positiveIntParam } from '../../ui/search-params';

/** Fields a staff queue can be sorted by: defined once in domain, beside each queue's own order. */
export { QUEUE_SORT_FIELDS, type QueueSortField };
export type SortOrder = 'asc' | 'desc';

/** Creations per page of a staff queue. */
export const QUEUE_PAGE_SIZE = 25;

/**
 * The typed search parameters of a staff queue (STYLE rule 6), so that a reviewer can share exactly
 * what they see: the search, the kind filter, the sort, the page and the highlighted creation.
 */
export interface StaffQueueParams {
  search: string;
  kind: CreatableKind | null;
  /** Only creations flagged as possible copies of another member's (issue 15). */
  onlyDuplicates: boolean;
  sort: { field: QueueSortField; order: SortOrder } | null;
  page: number;
  /** The creation the keyboard cursor is on (its id), or null. */
  selected: number | null;
}

export const DEFAULT_QUEUE_PARAMS: StaffQueueParams = { search: '', kind: null, onlyDuplicates: false, sort: null, page: 1, selected: null };

function isSortField(value: string | null): value is QueueSortField {
  return value !== null && (QUEUE_SORT_FIELDS as readonly string[]).includes(value);
}

/** Names read A to Z, everything else newest first, unless the URL says otherwise. */
export function defaultQueueOrder(field: QueueSortField): SortOrder {
  return field === 'name' ? 'asc' : 'desc';
}

/** Reads `?search=&kind=&flag=duplicate&sort=&order=&page=&selected=`; anything unknown falls back to the default. */
export function readQueueParams(params: URLSearchParams): StaffQueueParams {
  const field = params.get('sort');
  const order = params.get('order');
  const kind = params.get('kind');
  return {
    search: params.get('search') ?? '',
    kind: kind && (CREATABLE_KINDS as readonly string[]).includes(kind) ? (kind as CreatableKind) : null,
    onlyDuplicates: params.get('flag') === 'duplicate',
    sort: isSortField(field) ? { field, order: order === 'asc' || order === 'desc' ? order : defaultQueueOrder(field) } : null,
    page: positiveIntParam(params.get('page')) ?? 1,
    selected: positiveIntParam(params.get('selected')),
  };
}

/** The search parameters of a queue without its defaults, so that a plain queue has a plain URL. */
export function writeQueueParams(params: Partial<StaffQueueParams>): URLSearchParams {
  const out = new URLSearchParams();
  const search = params.search?.trim();
  if (search) out.set('search', search);
  if (params.kind) out.set('kind', params.kind);
  if (params.onlyDuplicates) out.set('flag', 'duplicate');
  if (params.sort) {
    out.set('sort', params.sort.field);
    if (params.sort.order !== defaultQueueOrder(params.sort.field)) out.set('order', params.sort.order);
  }
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  if (params.selected) out.set('selected', String(params.selected));
  return out;
}

/** The sort a queue shows when the URL names none: the queue's own (one definition in domain). */
export function effectiveQueueSort(queue: QueueId, params: StaffQueueParams): { field: string; order: SortOrder } {
  return params.sort ?? queueDefinition(queue).sort;
}

/** The `queryParams` of newItemsSearch for a queue page. */
export function queueQueryParams(queue: QueueId, params: StaffQueueParams, pageSize = QUEUE_PAGE_SIZE) {
  const search = params.search.trim();
  const terms = [
    ...(params.kind ? [{ field: 'model_type', operator: '=', value: params.kind }] : []),
    ...(params.onlyDuplicates ? [{ field: 'possible_duplicate', operator: '=', value: 'true' }] : []),
  ];
  return {
    queue,
    ...(search ? { search } : {}),
    ...(terms.length > 0 ? { terms } : {}),
    ...(params.sort ? { sort: params.sort.field, order: params.sort.order } : {}),
    first: pageSize,
    page: params.page,
  };
}

/** The review page of one creation; `queue` (and its list parameters) lets it step to the next one. */
export function reviewPath(id: number, from?: { queue: QueueId; params?: Partial<StaffQueueParams> }): string {
  if (!from) return `/staff/review/${id}`;
  const query = writeQueueParams({ ...from.params, selected: null });
  query.set('queue', from.queue);
  return `/staff/review/${id}?${query.toString()}`;
}

/** The queue a review page was opened from (`?queue=`), with the list parameters it carried. */
export function readReviewContext(params: URLSearchParams): { queue: QueueId; params: StaffQueueParams } | null {
  const queue = params.get('queue');
  if (!queue || !isQueueId(queue)) return null;
  return { queue, params: { ...readQueueParams(params), selected: null } };
}
