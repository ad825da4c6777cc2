/** Stored submission statuses (DESIGN section 3). "Published" is derived, never stored. */
export const SUBMISSION_STATUSES = ['CREATED', 'SUBMITTED', 'TESTING', 'APPROVED', 'REJECTED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The kinds of creation, as stored in `model_type` and used in edit-step URLs. */
export const MODEL_TYPES = ['item', 'set_item', 'set', 'lot', 'room', 'sim', 'mod'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export const TEST_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE', 'CLEARED'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];
/** A test is unfinished while it is open or in progress. */
export const UNFINISHED_TEST_STATUSES: readonly TestStatus[] = ['OPEN', 'IN_PROGRESS'];

export const TEST_RESULTS = ['PASSED', 'FAILED'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

export const UPDATE_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type UpdateRequestStatus = (typeof UPDATE_REQUEST_STATUSES)[number];

/** The current game version (SPEC section 9): new creations default to it. */
export const CURRENT_GAME_VERSION = 4;

/** Minimum number of words in a description (SPEC section 9). */
export const MIN_DESCRIPTION_WORDS = 5;

/** Statuses in which the owner may edit: a draft, or a rejected creation being fixed (DESIGN 3). */
export const OWNER_EDITABLE_STATUSES: readonly SubmissionStatus[] = ['CREATED', 'REJECTED'];

/** Published is derived (DESIGN 3): APPROVED, not deleted, publish date at or before now. */
export function isPublished(
  s: { status: string; publish_at?: Date | string | null | undefined; deleted_at?: Date | string | null | undefined },
  now: Date = new Date(),
): boolean {
  if (s.status !== 'APPROVED' || s.deleted_at || !s.publish_at) return false;
  return new Date(s.publish_at).getTime() <= now.getTime();
}
