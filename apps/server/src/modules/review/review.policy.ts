import { ADMIN_ACCESS, hasPermission } from '@corner/domain';
import type { Context } from '../../context';
import { policy } from '../../schema/policy';

/** Who may do what in review (DESIGN sections 3 and 5): the page whose queue the action belongs to. */
export const reviewPolicy = {
  /** Reading tests: the testing, failed-testing and waiting pages show them. */
  viewTests: policy.view('testing', 'failed-testing', 'waiting'),
  /** Opening, working and deleting tests. */
  editTests: policy.edit('testing'),
  /** Clearing a failed test (usually after the creator fixed the problem). */
  clearTests: policy.edit('failed-testing', 'testing'),
  /** Approve, reject, undo, assign. */
  decide: policy.edit('waiting'),
  /** Reading what deciding needs: the next publishing slot, checklists, templates. */
  viewDecide: policy.view('waiting', 'testing', 'failed-testing'),
  /** Holding the reviewer lock: anyone who acts on a creation under review. */
  lock: policy.edit('waiting', 'testing', 'failed-testing'),
  /** Publishing as another artist changes who owns a creation. */
  publishAs: policy.edit('waiting', 'published'),
  /** Finding artists and team members by name. */
  searchArtists: policy.adminAccess,
};

/** Staff may read every detail of tests and histories (tester notes); creators may not. */
export function isStaff(ctx: Context): boolean {
  return ctx.auth.member !== null && hasPermission(ctx.auth.permissions, ADMIN_ACCESS);
}
