import type { PageName } from '../permission/permission';
import { and, deleted, not, openReport, or, publishAt, status, test, topLevel, updateRequest, type Condition } from './condition';

/**
 * Every queue of the product, defined once (SPEC section 9, DESIGN section 3). The same definition
 * serves a queue's list, its count and its sidebar badge, for staff (all creations) and for a
 * creator (their own creations only).
 */
export const QUEUE_IDS = [
  'all',
  'created',
  'waiting',
  'testing',
  'updatesTesting',
  'approved',
  'published',
  'deleted',
  'failedTesting',
  'updatesFailedTesting',
  'rejected',
  'reported',
  'updated',
  'needsAttention',
] as const;
export type QueueId = (typeof QUEUE_IDS)[number];

export interface QueueDefinition {
  id: QueueId;
  /** Which creations belong to the queue. */
  where: Condition;
  /**
   * The date that matters in the queue's list, and its default order. `fastTrackFirst`: trusted
   * creators' creations that pass every automatic check lead the list (issue 15), in the same order.
   */
  sort: { field: Extract<QueueSortField, 'updated_at' | 'created_at' | 'publish_at' | 'deleted_at'>; order: 'asc' | 'desc'; fastTrackFirst?: true };
}

/** Live creations in their own right: not deleted, not a set's child. */
const live = and(topLevel, not(deleted));
const inReview = status('SUBMITTED', 'TESTING', 'APPROVED');

/**
 * Creations a reviewer still has to decide: submitted or testing, or with a pending update request.
 * Their review flags (possible copy, fast track; issue 15) are kept up to date and counted.
 */
export const UNDER_REVIEW: Condition = and(not(deleted), or(status('SUBMITTED', 'TESTING'), updateRequest('PENDING')));

const QUEUES: Record<QueueId, QueueDefinition> = {
  all: { id: 'all', where: live, sort: { field: 'updated_at', order: 'desc' } },
  created: { id: 'created', where: and(live, status('CREATED')), sort: { field: 'updated_at', order: 'desc' } },
  /** SUBMITTED with no unfinished tests. */
  waiting: {
    id: 'waiting',
    where: and(live, status('SUBMITTED'), not(test('submission', 'unfinished'))),
    sort: { field: 'updated_at', order: 'asc', fastTrackFirst: true },
  },
  /** SUBMITTED, TESTING or APPROVED with unfinished tests. */
  testing: {
    id: 'testing',
    where: and(live, inReview, test('submission', 'unfinished')),
    sort: { field: 'updated_at', order: 'asc' },
  },
  /** The same statuses with unfinished update-request tests. */
  updatesTesting: {
    id: 'updatesTesting',
    where: and(live, inReview, test('update', 'unfinished')),
    sort: { field: 'updated_at', order: 'asc' },
  },
  /** Approved, waiting for their publish date. */
  approved: {
    id: 'approved',
    where: and(live, status('APPROVED'), publishAt('future')),
    sort: { field: 'publish_at', order: 'desc' },
  },
  /** Published is derived: APPROVED with publish_at at or before now. */
  published: {
    id: 'published',
    where: and(live, status('APPROVED'), publishAt('past')),
    sort: { field: 'publish_at', order: 'desc' },
  },
  deleted: { id: 'deleted', where: and(topLevel, deleted), sort: { field: 'deleted_at', order: 'desc' } },
  /** Unconfirmed (uncleared) failed tests on SUBMITTED or TESTING. */
  failedTesting: {
    id: 'failedTesting',
    where: and(live, status('SUBMITTED', 'TESTING'), test('submission', 'failedUncleared')),
    sort: { field: 'updated_at', order: 'asc' },
  },
  /** Unconfirmed failed update-request tests. */
  updatesFailedTesting: {
    id: 'updatesFailedTesting',
    where: and(live, test('update', 'failedUncleared')),
    sort: { field: 'updated_at', order: 'asc' },
  },
  rejected: { id: 'rejected', where: and(live, status('REJECTED')), sort: { field: 'updated_at', order: 'desc' } },
  /** APPROVED creations with reports that are not dismissed. */
  reported: {
    id: 'reported',
    where: and(live, status('APPROVED'), openReport),
    sort: { field: 'updated_at', order: 'desc' },
  },
  /** Creations with a pending update request and no unfinished update tests. */
  updated: {
    id: 'updated',
    where: and(live, updateRequest('PENDING'), not(test('update', 'unfinished'))),
    sort: { field: 'updated_at', order: 'asc' },
  },
  /**
   * The creator's needs-attention queue, the sum of three disjoint counts: failed tests on items in
   * SUBMITTED, TESTING or CREATED; REJECTED items; APPROVED items with reports.
   */
  needsAttention: {
    id: 'needsAttention',
    where: and(
      live,
      or(
        and(status('SUBMITTED', 'TESTING', 'CREATED'), test('submission', 'failedUncleared')),
        status('REJECTED'),
        and(status('APPROVED'), openReport),
      ),
    ),
    sort: { field: 'updated_at', order: 'desc' },
  },
};

export function queueDefinition(id: QueueId): QueueDefinition {
  return QUEUES[id];
}

export function isQueueId(value: string): value is QueueId {
  return (QUEUE_IDS as readonly string[]).includes(value);
}

/**
 * The fields a staff queue's list can be sorted by, each on the server's staff allow-list
 * (STAFF_ITEMS_FIELDS). Every queue's own order (`QueueDefinition.sort`) is among them.
 */
export const QUEUE_SORT_FIELDS = ['updated_at', 'submitted_at', 'created_at', 'publish_at', 'deleted_at', 'name', 'id'] as const;
export type QueueSortField = (typeof QUEUE_SORT_FIELDS)[number];

/**
 * The sort fields a queue's list offers. The deletion date is empty outside the deleted queue, so it
 * is offered only where it is the queue's own order; a queue's own field is always offered, so its
 * sort box never reads blank.
 */
export function queueSortFields(queue: QueueId): readonly QueueSortField[] {
  const own = queueDefinition(queue).sort.field;
  return QUEUE_SORT_FIELDS.filter((field) => field !== 'deleted_at' || field === own);
}

/** The counters the creator sidebar shows, each the count of one queue over their own creations. */
export const CREATOR_COUNTER_QUEUES = [
  'created',
  'waiting',
  'approved',
  'testing',
  'published',
  'needsAttention',
  'failedTesting',
  'updated',
  'rejected',
  'reported',
  'updatesTesting',
  'updatesFailedTesting',
] as const satisfies readonly QueueId[];

/** The counters staff see on the overview and in their sidebar, over every creation. */
export const STAFF_COUNTER_QUEUES = [
  'created',
  'waiting',
  'testing',
  'updatesTesting',
  'approved',
  'published',
  'deleted',
  'failedTesting',
  'updatesFailedTesting',
  'rejected',
  'reported',
  'updated',
] as const satisfies readonly QueueId[];

/** Badges above this number read "99+" (SPEC section 9). */
export const BADGE_CAP = 99;

/** The text of a sidebar badge: the number, or "99+" above 99. */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/**
 * The staff pages whose permission (view or edit) lets a member list and count a queue over every
 * creation (SPEC section 2): holding ANY permission of EVERY listed page. `all` (every live
 * creation, e.g. a creator's earlier submissions) needs only admin access; the creator's
 * needs-attention view spans three staff pages, so it needs all three.
 */
export const QUEUE_PAGES: Record<QueueId, readonly PageName[]> = {
  all: [],
  created: ['created'],
  waiting: ['waiting'],
  testing: ['testing'],
  updatesTesting: ['testing'],
  approved: ['approved'],
  published: ['published'],
  deleted: ['published'],
  failedTesting: ['failed-testing'],
  updatesFailedTesting: ['failed-testing'],
  rejected: ['rejected'],
  reported: ['reported'],
  updated: ['updated'],
  needsAttention: ['failed-testing', 'rejected', 'reported'],
};
