import { hasPermission, pagePermissions, QUEUE_PAGES, type QueueId } from '@corner/domain';
import type { Context } from '../../context';
import { AuthorizationCode, refuse } from '../../errors';
import { policy } from '../../schema/policy';

/** Who may do what with queues (DESIGN section 5). */
export const queuePolicy = {
  /** The staff searches and counts: admin access, then the queue's own page (`assertMayReadQueue`). */
  staffSearch: policy.adminAccess,
  /** The overview's counters and chart. */
  overview: policy.adminAccess,
};

/**
 * A queue over every creation is behind its page permission (view or edit, SPEC section 2): the
 * list, its count and its badge alike. Refused with the authorization error.
 */
export function assertMayReadQueue(ctx: Context, queue: QueueId): void {
  const missing = QUEUE_PAGES[queue].some((page) => !hasPermission(ctx.auth.permissions, pagePermissions(page)));
  if (ctx.auth.member === null || missing) {
    throw refuse(ctx.auth, AuthorizationCode.FORBIDDEN);
  }
}
