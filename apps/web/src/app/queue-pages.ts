import type { QueueId } from '@corner/domain';
import {
  DELETED_LINK,
  NOT_SUBMITTED_LINK,
  REJECTED_LINK,
  STAFF_APPROVED_LINK,
  STAFF_AWAITING_APPROVAL_LINK,
  STAFF_PUBLISHED_LINK,
  TESTING_FAILED_LINK,
  TESTING_QUEUE_LINK,
  UPDATED_LINK,
  UPDATES_TESTING_FAILED_LINK,
  UPDATES_TESTING_QUEUE_LINK,
} from '../features/review/links';
import type { StaffQueueCopy } from '../features/review/components/staff-queue-page';
import type { CreatorQueueCopy } from '../features/submission/components/creator-queue-page';
import {
  APPROVED_LINK,
  AWAITING_APPROVAL_LINK,
  EDIT_QUEUE_LINK,
  NEEDS_ATTENTION_LINK,
  PUBLISHED_LINK,
  TESTING_LINK,
} from '../features/submission/links';
import type { PageLink } from './shell/menu';

/** The creator's queue pages: each link with its copy under "creatorQueue" in en.json. */
export const CREATOR_QUEUE_PAGES: readonly (readonly [PageLink, CreatorQueueCopy])[] = [
  [EDIT_QUEUE_LINK, 'editQueue'],
  [AWAITING_APPROVAL_LINK, 'awaitingApproval'],
  [APPROVED_LINK, 'approved'],
  [TESTING_LINK, 'testing'],
  [PUBLISHED_LINK, 'published'],
  [NEEDS_ATTENTION_LINK, 'needsAttention'],
];

/**
 * The staff queue pages: each link with its copy under "staffQueue" in en.json and the queue it
 * lists. The reported queue has a page of its own (reported-page.tsx) that shows this list too.
 */
export const STAFF_QUEUE_PAGES: readonly (readonly [PageLink, StaffQueueCopy, QueueId])[] = [
  [NOT_SUBMITTED_LINK, 'notSubmitted', 'created'],
  [STAFF_AWAITING_APPROVAL_LINK, 'awaitingApproval', 'waiting'],
  [TESTING_QUEUE_LINK, 'testingQueue', 'testing'],
  [UPDATES_TESTING_QUEUE_LINK, 'updatesTestingQueue', 'updatesTesting'],
  [STAFF_APPROVED_LINK, 'approved', 'approved'],
  [STAFF_PUBLISHED_LINK, 'published', 'published'],
  [DELETED_LINK, 'deleted', 'deleted'],
  [TESTING_FAILED_LINK, 'testingFailed', 'failedTesting'],
  [UPDATES_TESTING_FAILED_LINK, 'updatesTestingFailed', 'updatesFailedTesting'],
  [REJECTED_LINK, 'rejected', 'rejected'],
  [UPDATED_LINK, 'updated', 'updated'],
];
