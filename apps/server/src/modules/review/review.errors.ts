import { defineErrors, type ErrorCodeOf } from '../../errors';

/** The time of day a lock was taken, as a reviewer reads it in a message (UTC). */
const clock = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;

export const reviewError = defineErrors({
  REVIEW_PUBLISH_AT_REQUIRED: { category: 'validation', field: 'publish_at', message: () => 'Choose a publishing date (publish_at) to approve.' },
  REVIEW_NOT_REVIEWABLE: {
    category: 'conflict',
    message: (p: { id: number; status: string; action: 'approved' | 'rejected' }) =>
      `Creation ${p.id} is ${p.status}; only a submitted creation (SUBMITTED or TESTING) can be ${p.action}.`,
  },
  REVIEW_DELETED: { category: 'conflict', message: (p: { id: number }) => `Creation ${p.id} was deleted. Restore it first.` },
  REVIEW_SET_ITEM: { category: 'conflict', message: (p: { id: number }) => `Creation ${p.id} is part of a set; review the set instead.` },
  REVIEW_LOCKED: {
    category: 'conflict',
    message: (p: { name: string; since: Date }) =>
      `${p.name} is reviewing this creation (since ${clock(p.since)}). Take over the review to act on it.`,
  },
  REVIEW_REASON_REQUIRED: {
    category: 'validation',
    field: 'reason_ids',
    message: () => 'Choose at least one rejection reason or write a message to the creator.',
  },
  REVIEW_REASON_UNKNOWN: {
    category: 'validation',
    field: 'reason_ids',
    message: (p: { ids: number[] }) => `Unknown rejection reasons: ${p.ids.join(', ')}.`,
  },
  REVIEW_MESSAGE_INVALID: {
    category: 'validation',
    field: 'message',
    message: (p: { max: number }) => `Keep the message under ${p.max} characters.`,
  },
  REVIEW_TOO_MANY: { category: 'validation', field: 'ids', message: (p: { max: number }) => `Approve at most ${p.max} creations at once.` },
  REVIEW_NOTHING_TO_UNDO: {
    category: 'conflict',
    message: (p: { id: number }) => `Creation ${p.id} has no approval or rejection to undo.`,
  },
  REVIEW_UNDO_NOT_YOURS: {
    category: 'conflict',
    message: (p: { name: string }) => `The last decision on this creation was made by ${p.name}; only they can undo it.`,
  },
  REVIEW_UNDO_TOO_LATE: {
    category: 'conflict',
    message: (p: { minutes: number }) => `This decision was made more than ${p.minutes} minutes ago and can no longer be undone.`,
  },
  REVIEW_UNDO_CHANGED: {
    category: 'conflict',
    message: (p: { id: number }) => `Creation ${p.id} has changed since the decision, so it can no longer be undone.`,
  },
  /** `field`: the argument that named the member, when it is not `member_id`. */
  REVIEW_MEMBER_NOT_FOUND: {
    category: 'validation',
    field: (p) => p.field ?? 'member_id',
    message: (p: { id: number; field?: string }) => `Member ${p.id} was not found.`,
  },
  REVIEW_MEMBER_NOT_STAFF: {
    category: 'validation',
    field: (p) => p.field ?? 'member_id',
    message: (p: { name: string; field?: string }) => `${p.name} is not a team member (no admin access).`,
  },
  REVIEW_NOT_DELETED_OWNER: { category: 'conflict', message: () => 'This creation was approved; only staff can restore it.' },
  REVIEW_KIND_UNKNOWN: {
    category: 'validation',
    field: 'model_type',
    message: (p: { kind: string; kinds: readonly string[] }) => `"${p.kind}" is not a kind of creation; use one of ${p.kinds.join(', ')}.`,
  },
  TEST_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Test ${p.id} was not found.` },
  TEST_NOT_TESTABLE: {
    category: 'conflict',
    message: (p: { id: number; status: string }) => `Creation ${p.id} is ${p.status}; only a submitted or approved creation can be tested.`,
  },
  TEST_UPDATE_REQUEST_UNKNOWN: {
    category: 'validation',
    field: 'update_request_id',
    message: (p: { id: number; submissionId: number }) => `Update request ${p.id} is not an update request of creation ${p.submissionId}.`,
  },
  TEST_STATUS_INVALID: {
    category: 'validation',
    field: 'status',
    message: (p: { from: string; to: string }) =>
      p.to === 'CLEARED' ? 'Clear a failed test with clearSubmissionTest.' : `A test that is ${p.from} cannot become ${p.to}.`,
  },
  TEST_RESULT_REQUIRED: {
    category: 'validation',
    field: 'test_result',
    message: () => 'Choose the test result (PASSED or FAILED) to finish the test.',
  },
  TEST_RESULT_NOT_DONE: {
    category: 'validation',
    field: 'test_result',
    message: () => 'A test result can only be given when the test is DONE.',
  },
  TEST_NOTES_REQUIRED: {
    category: 'validation',
    field: 'test_notes',
    message: () => 'Tell the creator what failed: a failed test needs notes for the creator.',
  },
  TEST_CLEARED: { category: 'conflict', message: (p: { id: number }) => `Test ${p.id} was cleared and can no longer be changed.` },
  TEST_NOT_FAILED: {
    category: 'conflict',
    message: (p: { id: number }) => `Test ${p.id} is not a finished, failed test; only those can be cleared.`,
  },
  TEST_ATTACHMENT_UNKNOWN: {
    category: 'validation',
    field: (p) => (p.what === 'images' ? 'image_ids' : 'file_ids'),
    message: (p: { what: 'images' | 'files'; ids: number[] }) => `Not ${p.what} of this creation: ${p.ids.join(', ')}.`,
  },
});
export type ReviewErrorCode = ErrorCodeOf<typeof reviewError>;
