import { CONVERSATION_STATUSES, portalPaths, type ConversationStatus } from '@corner/domain';
import { positiveIntParam } from '../../ui/search-params';

/** Conversations per page of the creator's list and the staff list. */
export const CONVERSATION_PAGE_SIZE = 20;

/** Who a staff list shows conversations of: anyone, the signed-in staff member, nobody yet, or one assignee. */
export type AssigneeFilter = 'me' | 'unassigned' | number | null;

/**
 * The typed search parameters of /staff/messages (STYLE rule 6), so a link shows exactly the same
 * list: statuses, assignee, tag, linked creation, search phrase and page.
 */
export interface StaffMessageParams {
  status: ConversationStatus[];
  assignee: AssigneeFilter;
  tag: string;
  creation: number | null;
  search: string;
  page: number;
}

/**
 * The list opens on what is not done yet: waiting for staff or for the creator. Closed
 * conversations (and the stories of creations nobody wrote about) are one chip away.
 */
export const OPEN_STATUSES: readonly ConversationStatus[] = ['active', 'pending'];
/** `?status=any`: no status filter (every chip off). */
const ANY_STATUS = 'any';

export const DEFAULT_STAFF_MESSAGE_PARAMS: StaffMessageParams = {
  status: [...OPEN_STATUSES],
  assignee: null,
  tag: '',
  creation: null,
  search: '',
  page: 1,
};

function isStatus(value: string): value is ConversationStatus {
  return (CONVERSATION_STATUSES as readonly string[]).includes(value);
}

function sameStatuses(a: readonly ConversationStatus[], b: readonly ConversationStatus[]): boolean {
  return a.length === b.length && a.every((status) => b.includes(status));
}

/** The statuses of `?status=`: absent means the open ones, `any` none (every status). */
function readStatuses(value: string | null): ConversationStatus[] {
  if (value === ANY_STATUS) return [];
  const statuses = (value ?? '').split(',').filter(isStatus);
  // In the order of CONVERSATION_STATUSES, each once, so equal filters have equal URLs.
  return statuses.length ? CONVERSATION_STATUSES.filter((status) => statuses.includes(status)) : [...OPEN_STATUSES];
}

/**
 * Reads `?status=active,pending|any&assignee=me|unassigned|12&tag=&creation=&search=&page=`;
 * unknown values fall back to the default.
 */
export function readStaffMessageParams(params: URLSearchParams): StaffMessageParams {
  const assignee = params.get('assignee');
  return {
    status: readStatuses(params.get('status')),
    assignee: assignee === 'me' || assignee === 'unassigned' ? assignee : positiveIntParam(assignee),
    tag: params.get('tag')?.trim() ?? '',
    creation: positiveIntParam(params.get('creation')),
    search: params.get('search') ?? '',
    page: positiveIntParam(params.get('page')) ?? 1,
  };
}

/** The search parameters without their defaults, so the plain list has a plain URL. */
export function writeStaffMessageParams(params: Partial<StaffMessageParams>): URLSearchParams {
  const out = new URLSearchParams();
  if (params.status && !sameStatuses(params.status, OPEN_STATUSES)) {
    out.set('status', params.status.length ? CONVERSATION_STATUSES.filter((s) => params.status?.includes(s)).join(',') : ANY_STATUS);
  }
  if (params.assignee !== undefined && params.assignee !== null) out.set('assignee', String(params.assignee));
  const tag = params.tag?.trim();
  if (tag) out.set('tag', tag);
  if (params.creation) out.set('creation', String(params.creation));
  const search = params.search?.trim();
  if (search) out.set('search', search);
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  return out;
}

/** Whether any filter narrows the list (the page offers "Clear filters" then). */
export function hasStaffMessageFilters(params: StaffMessageParams): boolean {
  return !sameStatuses(params.status, OPEN_STATUSES) || params.assignee !== null || params.tag !== '' || params.creation !== null || params.search.trim() !== '';
}

/** The variables of searchConversations for the list; "me" needs the signed-in member's id. */
export function searchConversationVariables(params: StaffMessageParams, myId: number | null, pageSize = CONVERSATION_PAGE_SIZE) {
  const search = params.search.trim();
  const assigneeId = params.assignee === 'me' ? myId : typeof params.assignee === 'number' ? params.assignee : null;
  return {
    first: pageSize,
    page: params.page,
    ...(params.status.length > 0 ? { status: params.status } : {}),
    ...(assigneeId !== null ? { assignee_id: assigneeId } : {}),
    ...(params.assignee === 'unassigned' ? { unassigned: true } : {}),
    ...(params.tag ? { tag: params.tag } : {}),
    ...(params.creation ? { submission_id: params.creation } : {}),
    ...(search ? { phrase: search } : {}),
  };
}

/** The creator's list page from `?page=`. */
export function readListPage(params: URLSearchParams): number {
  return positiveIntParam(params.get('page')) ?? 1;
}

/** A conversation as the creator opens it. */
export const conversationPath = portalPaths.conversation;
/** A conversation as staff open it. */
export const staffConversationPath = portalPaths.staffConversation;

/** The staff list of one creation's conversations. */
export function creationConversationsPath(submissionId: number): string {
  return `/staff/messages?${writeStaffMessageParams({ creation: submissionId }).toString()}`;
}

/** Reads a conversation id from the route; null when it is not one. */
export function readConversationId(value: string | undefined): number | null {
  return positiveIntParam(value ?? null);
}
