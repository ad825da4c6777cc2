import { isPublished, type SubmissionStatus, type UpdateRequestStatus } from './submission';

/**
 * How a creation's stored status reads to people (DESIGN section 3): "published" is derived
 * (APPROVED with its publish date passed), and a deleted creation is neither. Screens branch on
 * the stage; what a caller may do comes from the server's abilities, never from the stage.
 */
export type CreationStage = 'draft' | 'rejected' | 'submitted' | 'testing' | 'approved' | 'published' | 'deleted';

/** The facts of a creation its stage reads. */
export interface StageFacts {
  status: string;
  publish_at?: Date | string | null | undefined;
  deleted_at?: Date | string | null | undefined;
}

export function creationStage(facts: StageFacts, now: Date = new Date()): CreationStage {
  if (facts.deleted_at) return 'deleted';
  switch (facts.status) {
    case 'REJECTED':
      return 'rejected';
    case 'SUBMITTED':
      return 'submitted';
    case 'TESTING':
      return 'testing';
    case 'APPROVED':
      return isPublished(facts, now) ? 'published' : 'approved';
    default:
      return 'draft';
  }
}

/** Why staff rejected a creation, while it stands rejected (an earlier rejection's text is history). */
export function currentRejectionReason(facts: StageFacts & { latest_rejection_reason?: string | null | undefined }): string | null {
  return creationStage(facts) === 'rejected' ? (facts.latest_rejection_reason ?? null) || null : null;
}

/** Where an update request stands. */
export type UpdateRequestStage = 'pending' | 'approved' | 'rejected';

export function updateRequestStage(status: string): UpdateRequestStage {
  return status === 'APPROVED' ? 'approved' : status === 'REJECTED' ? 'rejected' : 'pending';
}

/** The status staff's decision on an update request gives it. */
export const UPDATE_REQUEST_DECISION = { approve: 'APPROVED', reject: 'REJECTED' } as const satisfies Record<string, UpdateRequestStatus>;

/** The statuses of an update request staff have answered. */
export const DECIDED_UPDATE_REQUEST_STATUSES: readonly UpdateRequestStatus[] = Object.values(UPDATE_REQUEST_DECISION);

/** The status of the creations a featured list may hold: approved, scheduled or published (never deleted). */
export const FEATURABLE_STATUS = 'APPROVED' satisfies SubmissionStatus;
