import { AppError, type ErrorCategory } from '../../errors';

export const SubmissionErrorCode = {
  NOT_FOUND: 'SUBMISSION_NOT_FOUND',
  NOT_EDITABLE: 'SUBMISSION_NOT_EDITABLE',
  INCOMPLETE: 'SUBMISSION_INCOMPLETE',
  TRANSITION_NOT_ALLOWED: 'SUBMISSION_TRANSITION_NOT_ALLOWED',
  TEST_RUNNING: 'SUBMISSION_TEST_RUNNING',
  WRONG_KIND: 'SUBMISSION_WRONG_KIND',
  UNKNOWN_REFERENCE: 'SUBMISSION_UNKNOWN_REFERENCE',
} as const;
export type SubmissionErrorCode = (typeof SubmissionErrorCode)[keyof typeof SubmissionErrorCode];

const CATEGORY: Record<SubmissionErrorCode, ErrorCategory> = {
  SUBMISSION_NOT_FOUND: 'not_found',
  SUBMISSION_NOT_EDITABLE: 'conflict',
  SUBMISSION_INCOMPLETE: 'validation',
  SUBMISSION_TRANSITION_NOT_ALLOWED: 'conflict',
  SUBMISSION_TEST_RUNNING: 'conflict',
  SUBMISSION_WRONG_KIND: 'validation',
  SUBMISSION_UNKNOWN_REFERENCE: 'validation',
};

/** Why a creation cannot be edited now, by status: each tells the creator what to do. */
const NOT_EDITABLE_BY_STATUS: Record<string, string> = {
  SUBMITTED: 'This creation is waiting for review. Withdraw it to edit it again.',
  TESTING: 'This creation is being tested and cannot be edited now.',
  APPROVED: 'This creation is approved. Send an update request to change it.',
  DELETED: 'This creation was deleted.',
};

export function submissionError(code: SubmissionErrorCode, message: string, extensions: Record<string, unknown> = {}): AppError {
  return new AppError(code, message, CATEGORY[code], extensions);
}

export function notEditable(status: string): AppError {
  return submissionError('SUBMISSION_NOT_EDITABLE', NOT_EDITABLE_BY_STATUS[status] ?? 'This creation cannot be edited now.', { status });
}

export function submissionNotFound(id: number): AppError {
  return submissionError('SUBMISSION_NOT_FOUND', `Creation ${id} was not found.`);
}
