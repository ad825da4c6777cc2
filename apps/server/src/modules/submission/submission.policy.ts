import { lifecycleTransition, maySetEarlyAccess, OWNER_EDITABLE_STATUSES, ownerTransition, pagePermission } from '@corner/domain';
import type { AuthState } from '../../context';
import type { SubmissionRow } from './submission.access';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/**
 * What a member may do with a creation: pure predicates over who is asking and the row, named after
 * the actions. The services refuse with them and the API shows them as `abilities`, so the web never
 * re-derives a rule from a status. Whether a creation is complete enough to submit is a separate
 * question (`missing_items`); these say whether the action is the caller's to take.
 */
type Row = Pick<SubmissionRow, 'member_id' | 'status' | 'deleted_at' | 'model_type'>;

/** Staff who may change any creation's content (reviewers fixing details). */
const STAFF_EDIT = [pagePermission('waiting', 'edit')];
/** Staff who delete and restore any creation. */
const STAFF_DELETE = [pagePermission('published', 'edit')];


/** A live creation that is not a set's child (children follow their set). */
function isOwnCreation(s: Row): boolean {
  return s.deleted_at === null && s.model_type !== 'set_item';
}

/** The owner while a draft or rejected; reviewers with edit rights on any live creation. */
export function canEditSubmission(auth: AuthState, s: Row): boolean {
  if (s.deleted_at !== null) return false;
  if (holdsAny(auth, STAFF_EDIT)) return true;
  return isOwnerOf(auth, s) && OWNER_EDITABLE_STATUSES.includes(s.status);
}

/** The owner sends a draft, or a rejected creation again, for review. */
export function canSubmitSubmission(auth: AuthState, s: Row): boolean {
  return isOwnerOf(auth, s) && isOwnCreation(s) && ownerTransition(s.status, 'SUBMITTED')?.action === 'submit';
}

/** The owner takes a creation waiting for approval back to drafts (refused while a test runs). */
export function canWithdrawSubmission(auth: AuthState, s: Row): boolean {
  return isOwnerOf(auth, s) && isOwnCreation(s) && ownerTransition(s.status, 'CREATED')?.action === 'withdraw';
}

/** The owner before approval; staff who manage published creations at any time. */
export function canDeleteSubmission(auth: AuthState, s: Pick<SubmissionRow, 'member_id' | 'status' | 'deleted_at'>): boolean {
  if (s.deleted_at !== null) return false;
  if (holdsAny(auth, STAFF_DELETE)) return true;
  return isOwnerOf(auth, s) && s.status !== 'APPROVED';
}

/**
 * The owner of an approved creation uploads new versions of its files for an update request;
 * visitors keep the approved version until staff approve the request.
 */
export function canAddFileVersions(auth: AuthState, s: Pick<SubmissionRow, 'member_id' | 'status' | 'deleted_at'>): boolean {
  return isOwnerOf(auth, s) && s.deleted_at === null && s.status === 'APPROVED';
}

/**
 * Restoring mirrors deleting: staff who manage published creations restore any creation, its owner
 * one that was never approved. (Whether it is deleted at all is the service's question: restoring a
 * live creation changes nothing.)
 */
export function canRestoreSubmission(auth: AuthState, s: Pick<SubmissionRow, 'member_id' | 'status'>): boolean {
  return canDeleteSubmission(auth, { ...s, deleted_at: null });
}

function canTakeStaffTransition(auth: AuthState, s: Row, action: 'approve' | 'reject' | 'startTest'): boolean {
  const transition = lifecycleTransition(action, s.status);
  return transition !== null && transition.by.kind === 'staff' && isOwnCreation(s) && holdsAny(auth, [transition.by.permission]);
}

/** Reviewers approve a creation waiting for a decision. */
export const canApproveSubmission = (auth: AuthState, s: Row): boolean => canTakeStaffTransition(auth, s, 'approve');
/** Reviewers reject a creation waiting for a decision. */
export const canRejectSubmission = (auth: AuthState, s: Row): boolean => canTakeStaffTransition(auth, s, 'reject');

/**
 * Testers send a creation waiting for a decision to test (the review page's Test). An approved
 * creation's update requests are tested from the request itself, not with this.
 */
export const canTestSubmission = (auth: AuthState, s: Row): boolean => canTakeStaffTransition(auth, s, 'startTest');

/**
 * Early access days (issue 21): a creator in a paid program on a creation they may edit, and staff
 * who approve (domain `maySetEarlyAccess`).
 */
export function canSetEarlyAccess(auth: AuthState, s: Row): boolean {
  const isDecidingStaff = holdsAny(auth, pagePermission('waiting', 'edit'));
  if (!isDecidingStaff && !canEditSubmission(auth, s)) return false;
  return maySetEarlyAccess({ isOwner: isOwnerOf(auth, s), roleNames: auth.member?.roles.map((r) => r.name) ?? [], isDecidingStaff });
}

export interface SubmissionAbilities {
  canEdit: boolean;
  canSubmit: boolean;
  canWithdraw: boolean;
  canDelete: boolean;
  canApprove: boolean;
  canReject: boolean;
  canTest: boolean;
  canAddFileVersions: boolean;
  canSetEarlyAccess: boolean;
}

/** Everything the caller may do with a creation, as the API shows it. */
export function submissionAbilities(auth: AuthState, s: Row): SubmissionAbilities {
  return {
    canEdit: canEditSubmission(auth, s),
    canSubmit: canSubmitSubmission(auth, s),
    canWithdraw: canWithdrawSubmission(auth, s),
    canDelete: canDeleteSubmission(auth, s),
    canApprove: canApproveSubmission(auth, s),
    canReject: canRejectSubmission(auth, s),
    canTest: canTestSubmission(auth, s),
    canAddFileVersions: canAddFileVersions(auth, s),
    canSetEarlyAccess: canSetEarlyAccess(auth, s),
  };
}
