import { pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';
import type { SubmissionRow } from '../submission/submission.access';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/** Who may read reports and who filed them: pure predicates over who asks and the row. */

/** Staff who read reports (the reported page). */
export const REPORT_VIEW_PERMISSIONS: readonly string[] = [pagePermission('reported', 'view'), pagePermission('reported', 'edit')];

/** Staff of the reported page. */
export function canReadAllReports(auth: AuthState): boolean {
  return holdsAny(auth, REPORT_VIEW_PERMISSIONS);
}

/** A creation's reports: its owner (what was reported) and staff of the reported page. */
export function canReadReports(auth: AuthState, s: Pick<SubmissionRow, 'member_id'>): boolean {
  return isOwnerOf(auth, s) || canReadAllReports(auth);
}

/** Who filed a report is for staff (and the reporter); the reported creator sees what, not who. */
export function canKnowReporter(auth: AuthState, report: { member_id: number | null }): boolean {
  return canReadAllReports(auth) || isOwnerOf(auth, report);
}

/** A creation takes reports while it is approved and live (scheduled or published, not deleted). */
export function isReportable(s: Pick<SubmissionRow, 'status' | 'deleted_at'>): boolean {
  return s.status === 'APPROVED' && s.deleted_at === null;
}

/** Any signed-in member may report a reportable creation (one open report each, checked on filing). */
export function canReportSubmission(auth: AuthState, s: Pick<SubmissionRow, 'status' | 'deleted_at'>): boolean {
  return auth.member !== null && isReportable(s);
}
