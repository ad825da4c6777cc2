import { ADMIN_ACCESS, pagePermissions, type PageName } from '@corner/domain';
import {
  IconBan,
  IconCircleCheck,
  IconFlag,
  IconFlask,
  IconFlaskOff,
  IconHourglass,
  IconLayoutDashboard,
  IconPencil,
  IconRefresh,
  IconRefreshAlert,
  IconRefreshDot,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import type { CounterName, NavLabel, PageLink } from '../../app/shell/menu';
import type { TablerIcon } from '@tabler/icons-react';

/** The staff home, always in the menu; the page itself needs admin access. */
export const OVERVIEW_LINK: PageLink = {
  kind: 'link',
  id: 'overview',
  label: 'overview',
  to: '/staff',
  icon: IconLayoutDashboard,
  end: true,
};

/** Who may open the staff area's overview: the same permission as the "Open admin" button. */
export const OVERVIEW_PERMISSIONS: readonly string[] = [ADMIN_ACCESS];

interface QueueOptions {
  /** The counter of the sidebar badge (SPEC section 2 marks which queues have one). */
  badge?: CounterName;
  /** The counter of the overview card when there is no badge. */
  counter?: CounterName;
}

function queue(path: string, label: NavLabel, icon: TablerIcon, page: PageName, options: QueueOptions): PageLink {
  return {
    kind: 'link',
    id: `staff-${path}`,
    label,
    to: `/staff/${path}`,
    icon,
    permissions: pagePermissions(page),
    ...options,
  };
}

export const NOT_SUBMITTED_LINK = queue('not-submitted', 'notSubmitted', IconPencil, 'created', { counter: 'created' });
export const STAFF_AWAITING_APPROVAL_LINK = queue('awaiting-approval', 'staffAwaitingApproval', IconHourglass, 'waiting', {
  badge: 'waiting',
});
export const TESTING_QUEUE_LINK = queue('testing-queue', 'testingQueue', IconFlask, 'testing', { badge: 'testing' });
export const UPDATES_TESTING_QUEUE_LINK = queue('updates-testing-queue', 'updatesTestingQueue', IconRefresh, 'testing', {
  badge: 'updatesTesting',
});
export const STAFF_APPROVED_LINK = queue('approved', 'staffApproved', IconCircleCheck, 'approved', { counter: 'approved' });
export const STAFF_PUBLISHED_LINK = queue('published', 'staffPublished', IconWorld, 'published', { counter: 'published' });
export const DELETED_LINK = queue('deleted', 'deleted', IconTrash, 'published', { counter: 'deleted' });
export const TESTING_FAILED_LINK = queue('testing-failed', 'testingFailed', IconFlaskOff, 'failed-testing', {
  badge: 'failedTesting',
});
export const UPDATES_TESTING_FAILED_LINK = queue(
  'updates-testing-failed',
  'updatesTestingFailed',
  IconRefreshAlert,
  'failed-testing',
  { badge: 'updatesFailedTesting' },
);
export const REJECTED_LINK = queue('rejected', 'rejected', IconBan, 'rejected', { badge: 'rejected' });
export const REPORTED_LINK = queue('reported', 'reported', IconFlag, 'reported', { badge: 'reported' });
export const UPDATED_LINK = queue('updated', 'updated', IconRefreshDot, 'updated', { badge: 'updated' });

/** Work waiting for staff: submitted creations and updates, and their tests. */
export const STAFF_INTAKE_LINKS = [
  NOT_SUBMITTED_LINK,
  STAFF_AWAITING_APPROVAL_LINK,
  TESTING_QUEUE_LINK,
  UPDATES_TESTING_QUEUE_LINK,
] as const;

/** Lists of what was decided. */
export const STAFF_DECIDED_LINKS = [STAFF_APPROVED_LINK, STAFF_PUBLISHED_LINK, DELETED_LINK] as const;

/** Creations with a problem to look at. */
export const STAFF_PROBLEM_LINKS = [
  TESTING_FAILED_LINK,
  UPDATES_TESTING_FAILED_LINK,
  REJECTED_LINK,
  REPORTED_LINK,
  UPDATED_LINK,
] as const;

/** Every staff queue, in menu order. */
export const STAFF_QUEUE_LINKS: readonly PageLink[] = [...STAFF_INTAKE_LINKS, ...STAFF_DECIDED_LINKS, ...STAFF_PROBLEM_LINKS];
