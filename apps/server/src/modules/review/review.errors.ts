import { AppError, type ErrorCategory } from '../../errors';

export const ReviewErrorCode = {
  PUBLISH_AT_REQUIRED: 'REVIEW_PUBLISH_AT_REQUIRED',
  NOT_REVIEWABLE: 'REVIEW_NOT_REVIEWABLE',
  DELETED: 'REVIEW_DELETED',
  SET_ITEM: 'REVIEW_SET_ITEM',
  LOCKED: 'REVIEW_LOCKED',
  REASON_REQUIRED: 'REVIEW_REASON_REQUIRED',
  REASON_UNKNOWN: 'REVIEW_REASON_UNKNOWN',
  MESSAGE_INVALID: 'REVIEW_MESSAGE_INVALID',
  TOO_MANY: 'REVIEW_TOO_MANY',
  NOTHING_TO_UNDO: 'REVIEW_NOTHING_TO_UNDO',
  UNDO_NOT_YOURS: 'REVIEW_UNDO_NOT_YOURS',
  UNDO_TOO_LATE: 'REVIEW_UNDO_TOO_LATE',
  UNDO_CHANGED: 'REVIEW_UNDO_CHANGED',
  MEMBER_NOT_FOUND: 'REVIEW_MEMBER_NOT_FOUND',
  MEMBER_NOT_STAFF: 'REVIEW_MEMBER_NOT_STAFF',
  NOT_DELETED_OWNER: 'REVIEW_NOT_DELETED_OWNER',
  KIND_UNKNOWN: 'REVIEW_KIND_UNKNOWN',
  TEST_NOT_FOUND: 'TEST_NOT_FOUND',
  TEST_NOT_TESTABLE: 'TEST_NOT_TESTABLE',
  TEST_UPDATE_REQUEST_UNKNOWN: 'TEST_UPDATE_REQUEST_UNKNOWN',
  TEST_STATUS_INVALID: 'TEST_STATUS_INVALID',
  TEST_RESULT_REQUIRED: 'TEST_RESULT_REQUIRED',
  TEST_RESULT_NOT_DONE: 'TEST_RESULT_NOT_DONE',
  TEST_NOTES_REQUIRED: 'TEST_NOTES_REQUIRED',
  TEST_CLEARED: 'TEST_CLEARED',
  TEST_NOT_FAILED: 'TEST_NOT_FAILED',
  TEST_ATTACHMENT_UNKNOWN: 'TEST_ATTACHMENT_UNKNOWN',
} as const;
export type ReviewErrorCode = (typeof ReviewErrorCode)[keyof typeof ReviewErrorCode];

/** What each message needs to be exact. */
interface Params {
  REVIEW_PUBLISH_AT_REQUIRED: Record<string, never>;
  REVIEW_NOT_REVIEWABLE: { id: number; status: string; action: 'approved' | 'rejected' };
  REVIEW_DELETED: { id: number };
  REVIEW_SET_ITEM: { id: number };
  REVIEW_LOCKED: { name: string; since: Date };
  REVIEW_REASON_REQUIRED: Record<string, never>;
  REVIEW_REASON_UNKNOWN: { ids: number[] };
  REVIEW_MESSAGE_INVALID: { message: string };
  REVIEW_TOO_MANY: { max: number };
  REVIEW_NOTHING_TO_UNDO: { id: number };
  REVIEW_UNDO_NOT_YOURS: { name: string };
  REVIEW_UNDO_TOO_LATE: { minutes: number };
  REVIEW_UNDO_CHANGED: { id: number };
  REVIEW_MEMBER_NOT_FOUND: { id: number };
  REVIEW_MEMBER_NOT_STAFF: { name: string };
  REVIEW_NOT_DELETED_OWNER: Record<string, never>;
  REVIEW_KIND_UNKNOWN: { kind: string; kinds: readonly string[] };
  TEST_NOT_FOUND: { id: number };
  TEST_NOT_TESTABLE: { id: number; status: string };
  TEST_UPDATE_REQUEST_UNKNOWN: { id: number; submissionId: number };
  TEST_STATUS_INVALID: { from: string; to: string };
  TEST_RESULT_REQUIRED: Record<string, never>;
  TEST_RESULT_NOT_DONE: Record<string, never>;
  TEST_NOTES_REQUIRED: Record<string, never>;
  TEST_CLEARED: { id: number };
  TEST_NOT_FAILED: { id: number };
  TEST_ATTACHMENT_UNKNOWN: { what: 'images' | 'files'; ids: number[] };
}

/** The time of day a lock was taken, as a reviewer reads it in a message (UTC). */
const clock = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;

const MESSAGES: { [C in ReviewErrorCode]: (p: Params[C]) => string } = {
  REVIEW_PUBLISH_AT_REQUIRED: () => 'Choose a publishing date (publish_at) to approve.',
  REVIEW_NOT_REVIEWABLE: (p) =>
    `Creation ${p.id} is ${p.status}; only a submitted creation (SUBMITTED or TESTING) can be ${p.action}.`,
  REVIEW_DELETED: (p) => `Creation ${p.id} was deleted. Restore it first.`,
  REVIEW_SET_ITEM: (p) => `Creation ${p.id} is part of a set; review the set instead.`,
  REVIEW_LOCKED: (p) => `${p.name} is reviewing this creation (since ${clock(p.since)}). Take over the review to act on it.`,
  REVIEW_REASON_REQUIRED: () => 'Choose at least one rejection reason or write a message to the creator.',
  REVIEW_REASON_UNKNOWN: (p) => `Unknown rejection reasons: ${p.ids.join(', ')}.`,
  REVIEW_MESSAGE_INVALID: (p) => p.message,
  REVIEW_TOO_MANY: (p) => `Approve at most ${p.max} creations at once.`,
  REVIEW_NOTHING_TO_UNDO: (p) => `Creation ${p.id} has no approval or rejection to undo.`,
  REVIEW_UNDO_NOT_YOURS: (p) => `The last decision on this creation was made by ${p.name}; only they can undo it.`,
  REVIEW_UNDO_TOO_LATE: (p) => `This decision was made more than ${p.minutes} minutes ago and can no longer be undone.`,
  REVIEW_UNDO_CHANGED: (p) => `Creation ${p.id} has changed since the decision, so it can no longer be undone.`,
  REVIEW_MEMBER_NOT_FOUND: (p) => `Member ${p.id} was not found.`,
  REVIEW_MEMBER_NOT_STAFF: (p) => `${p.name} is not a team member (no admin access).`,
  REVIEW_NOT_DELETED_OWNER: () => 'This creation was approved; only staff can restore it.',
  REVIEW_KIND_UNKNOWN: (p) => `"${p.kind}" is not a kind of creation; use one of ${p.kinds.join(', ')}.`,
  TEST_NOT_FOUND: (p) => `Test ${p.id} was not found.`,
  TEST_NOT_TESTABLE: (p) => `Creation ${p.id} is ${p.status}; only a submitted or approved creation can be tested.`,
  TEST_UPDATE_REQUEST_UNKNOWN: (p) => `Update request ${p.id} is not an update request of creation ${p.submissionId}.`,
  TEST_STATUS_INVALID: (p) =>
    p.to === 'CLEARED'
      ? 'Clear a failed test with clearSubmissionTest.'
      : `A test that is ${p.from} cannot become ${p.to}.`,
  TEST_RESULT_REQUIRED: () => 'Choose the test result (PASSED or FAILED) to finish the test.',
  TEST_RESULT_NOT_DONE: () => 'A test result can only be given when the test is DONE.',
  TEST_NOTES_REQUIRED: () => 'Tell the creator what failed: a failed test needs notes for the creator.',
  TEST_CLEARED: (p) => `Test ${p.id} was cleared and can no longer be changed.`,
  TEST_NOT_FAILED: (p) => `Test ${p.id} is not a finished, failed test; only those can be cleared.`,
  TEST_ATTACHMENT_UNKNOWN: (p) => `Not ${p.what} of this creation: ${p.ids.join(', ')}.`,
};

const CATEGORY: Record<ReviewErrorCode, ErrorCategory> = {
  REVIEW_PUBLISH_AT_REQUIRED: 'validation',
  REVIEW_NOT_REVIEWABLE: 'conflict',
  REVIEW_DELETED: 'conflict',
  REVIEW_SET_ITEM: 'conflict',
  REVIEW_LOCKED: 'conflict',
  REVIEW_REASON_REQUIRED: 'validation',
  REVIEW_REASON_UNKNOWN: 'validation',
  REVIEW_MESSAGE_INVALID: 'validation',
  REVIEW_TOO_MANY: 'validation',
  REVIEW_NOTHING_TO_UNDO: 'conflict',
  REVIEW_UNDO_NOT_YOURS: 'conflict',
  REVIEW_UNDO_TOO_LATE: 'conflict',
  REVIEW_UNDO_CHANGED: 'conflict',
  REVIEW_MEMBER_NOT_FOUND: 'validation',
  REVIEW_MEMBER_NOT_STAFF: 'validation',
  REVIEW_NOT_DELETED_OWNER: 'conflict',
  REVIEW_KIND_UNKNOWN: 'validation',
  TEST_NOT_FOUND: 'not_found',
  TEST_NOT_TESTABLE: 'conflict',
  TEST_UPDATE_REQUEST_UNKNOWN: 'validation',
  TEST_STATUS_INVALID: 'validation',
  TEST_RESULT_REQUIRED: 'validation',
  TEST_RESULT_NOT_DONE: 'validation',
  TEST_NOTES_REQUIRED: 'validation',
  TEST_CLEARED: 'conflict',
  TEST_NOT_FAILED: 'conflict',
  TEST_ATTACHMENT_UNKNOWN: 'validation',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<ReviewErrorCode, string>> = {
  REVIEW_PUBLISH_AT_REQUIRED: 'publish_at',
  REVIEW_REASON_REQUIRED: 'reason_ids',
  REVIEW_REASON_UNKNOWN: 'reason_ids',
  REVIEW_MESSAGE_INVALID: 'message',
  REVIEW_TOO_MANY: 'ids',
  REVIEW_MEMBER_NOT_FOUND: 'member_id',
  REVIEW_MEMBER_NOT_STAFF: 'member_id',
  REVIEW_KIND_UNKNOWN: 'model_type',
  TEST_UPDATE_REQUEST_UNKNOWN: 'update_request_id',
  TEST_STATUS_INVALID: 'status',
  TEST_RESULT_REQUIRED: 'test_result',
  TEST_RESULT_NOT_DONE: 'test_result',
  TEST_NOTES_REQUIRED: 'test_notes',
};

export function reviewError<C extends ReviewErrorCode>(code: C, params: Params[C], extra: Record<string, unknown> = {}): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], { ...(field ? { validation: { [field]: [message] } } : {}), ...extra });
}
