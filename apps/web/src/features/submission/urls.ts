import { MODEL_TYPES, queueDefinition, type ModelType, type QueueId } from '@corner/domain';

/** The five edit steps of a creation (DESIGN section 4). */
export const EDIT_STEPS = [1, 2, 3, 4, 5] as const;
export type EditStep = (typeof EDIT_STEPS)[number];

/** /my-creations/edit/step-{1..5}/{type}/{itemId} */
export function editStepPath(step: EditStep, type: ModelType | string, itemId: string | number): string {
  return `/my-creations/edit/step-${step}/${type}/${itemId}`;
}

export function isModelType(value: string | undefined): value is ModelType {
  return value !== undefined && (MODEL_TYPES as readonly string[]).includes(value);
}

/** Item ids are positive integers. */
export function isItemId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9]\d*$/.test(value);
}

export function isEditStep(value: number): value is EditStep {
  return (EDIT_STEPS as readonly number[]).includes(value);
}

/** The kinds a creator starts on /upload (a set's items are added inside the set). */
export const CREATABLE_KINDS = ['item', 'set', 'lot', 'room', 'sim', 'mod'] as const satisfies readonly ModelType[];
export type CreatableKind = (typeof CREATABLE_KINDS)[number];

export function isCreatableKind(value: string | null | undefined): value is CreatableKind {
  return value != null && (CREATABLE_KINDS as readonly string[]).includes(value);
}

/** The typed search parameters of /upload: `?kind=lot` opens the form for that kind. */
export interface UploadParams {
  kind: CreatableKind | null;
}

export function readUploadParams(params: URLSearchParams): UploadParams {
  const kind = params.get('kind');
  return { kind: isCreatableKind(kind) ? kind : null };
}

export function writeUploadParams(params: Partial<UploadParams>): URLSearchParams {
  return new URLSearchParams(params.kind ? { kind: params.kind } : {});
}

export function uploadPath(params: Partial<UploadParams> = {}): string {
  const query = writeUploadParams(params).toString();
  return query ? `/upload?${query}` : '/upload';
}

/** Fields a creator list can be sorted by (a subset of the server's allow-list for myItemsSearch). */
export const LIST_SORT_FIELDS = ['updated_at', 'created_at', 'publish_at', 'name'] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * The typed search parameters of /my-creations and the creator queues (STYLE rule 6): what to look
 * for, the sort, and the page. A missing sort means the queue's own order.
 */
export interface CreationListParams {
  search: string;
  sort: { field: ListSortField; order: SortOrder } | null;
  page: number;
}

export const DEFAULT_LIST_PARAMS: CreationListParams = { search: '', sort: null, page: 1 };

/** Creations per page of a list. */
export const LIST_PAGE_SIZE = 20;

function isSortField(value: string | null): value is ListSortField {
  return value !== null && (LIST_SORT_FIELDS as readonly string[]).includes(value);
}

/** Names read A to Z, dates newest first, unless the URL says otherwise. */
export function defaultOrder(field: ListSortField): SortOrder {
  return field === 'name' ? 'asc' : 'desc';
}

/** Reads `?search=&sort=&order=&page=`; anything unknown falls back to the default. */
export function readListParams(params: URLSearchParams): CreationListParams {
  const field = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    sort: isSortField(field) ? { field, order: order === 'asc' || order === 'desc' ? order : defaultOrder(field) } : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The search parameters of a list, without the defaults, so that a plain list has a plain URL. */
export function writeListParams(params: Partial<CreationListParams>): URLSearchParams {
  const out = new URLSearchParams();
  const search = params.search?.trim();
  if (search) out.set('search', search);
  if (params.sort) {
    out.set('sort', params.sort.field);
    if (params.sort.order !== defaultOrder(params.sort.field)) out.set('order', params.sort.order);
  }
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  return out;
}

/** A list's path with its parameters, e.g. "/edit-queue?search=sofa&page=2". */
export function listUrl(path: string, params: Partial<CreationListParams>): string {
  const query = writeListParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** The sort a list shows when the URL names none: the queue's own (one definition in domain). */
export function effectiveSort(queue: QueueId, params: CreationListParams): { field: string; order: SortOrder } {
  return params.sort ?? queueDefinition(queue).sort;
}

/** The `queryParams` of myItemsSearch and myItemsCount for a list. */
export function listQueryParams(queue: QueueId, params: CreationListParams, pageSize = LIST_PAGE_SIZE) {
  const search = params.search.trim();
  return {
    queue,
    ...(search ? { search } : {}),
    ...(params.sort ? { sort: params.sort.field, order: params.sort.order } : {}),
    first: pageSize,
    page: params.page,
  };
}
