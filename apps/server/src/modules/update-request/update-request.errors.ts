import { AppError, type ErrorCategory } from '../../errors';

export const UpdateRequestErrorCode = {
  NOT_FOUND: 'UPDATE_REQUEST_NOT_FOUND',
  MESSAGE_MISSING: 'UPDATE_REQUEST_MESSAGE_MISSING',
  MESSAGE_TOO_LONG: 'UPDATE_REQUEST_MESSAGE_TOO_LONG',
  NOT_APPROVED: 'UPDATE_REQUEST_SUBMISSION_NOT_APPROVED',
  ALREADY_PENDING: 'UPDATE_REQUEST_ALREADY_PENDING',
  FILE_NOT_IN_SUBMISSION: 'UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION',
  FILE_NOTHING_NEW: 'UPDATE_REQUEST_FILE_NOTHING_NEW',
  IMAGE_NOT_IN_SUBMISSION: 'UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION',
  STATUS_INVALID: 'UPDATE_REQUEST_STATUS_INVALID',
  NOT_PENDING: 'UPDATE_REQUEST_NOT_PENDING',
  TEST_RUNNING: 'UPDATE_REQUEST_TEST_RUNNING',
} as const;
export type UpdateRequestErrorCode = (typeof UpdateRequestErrorCode)[keyof typeof UpdateRequestErrorCode];

/** What each message needs to be exact. */
interface Params {
  UPDATE_REQUEST_NOT_FOUND: { id: number };
  UPDATE_REQUEST_MESSAGE_MISSING: Record<string, never>;
  UPDATE_REQUEST_MESSAGE_TOO_LONG: { max: number };
  UPDATE_REQUEST_SUBMISSION_NOT_APPROVED: { status: string };
  UPDATE_REQUEST_ALREADY_PENDING: { id: number };
  UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION: { ids: number[] };
  UPDATE_REQUEST_FILE_NOTHING_NEW: { filename: string; version: number };
  UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION: { ids: number[] };
  UPDATE_REQUEST_STATUS_INVALID: { status: string };
  UPDATE_REQUEST_NOT_PENDING: { status: string };
  UPDATE_REQUEST_TEST_RUNNING: Record<string, never>;
}

const MESSAGES: { [C in UpdateRequestErrorCode]: (p: Params[C]) => string } = {
  UPDATE_REQUEST_NOT_FOUND: (p) => `Update request ${p.id} was not found.`,
  UPDATE_REQUEST_MESSAGE_MISSING: () => 'Please write a message that says what the update changes.',
  UPDATE_REQUEST_MESSAGE_TOO_LONG: (p) => `The message may have at most ${p.max} characters.`,
  UPDATE_REQUEST_SUBMISSION_NOT_APPROVED: (p) =>
    p.status === 'DELETED'
      ? 'This creation was deleted; it cannot be updated.'
      : 'Only approved creations take update requests. Until then, edit the creation itself.',
  UPDATE_REQUEST_ALREADY_PENDING: (p) =>
    `This creation already has an update request waiting for review (${p.id}). Wait for it, or withdraw it first.`,
  UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION: (p) => `Not live files of this creation: ${p.ids.join(', ')}.`,
  UPDATE_REQUEST_FILE_NOTHING_NEW: (p) =>
    `“${p.filename}” has no new version: version ${p.version} is already the one visitors download. Upload a new version first.`,
  UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION: (p) => `Not live images of this creation: ${p.ids.join(', ')}.`,
  UPDATE_REQUEST_STATUS_INVALID: (p) => `“${p.status}” is not a decision: choose APPROVED or REJECTED.`,
  UPDATE_REQUEST_NOT_PENDING: (p) => `This update request is already ${p.status.toLowerCase()}; only a pending one can change.`,
  UPDATE_REQUEST_TEST_RUNNING: () => 'A test of this update is still running. Finish it before approving the update.',
};

const CATEGORY: Record<UpdateRequestErrorCode, ErrorCategory> = {
  UPDATE_REQUEST_NOT_FOUND: 'not_found',
  UPDATE_REQUEST_MESSAGE_MISSING: 'validation',
  UPDATE_REQUEST_MESSAGE_TOO_LONG: 'validation',
  UPDATE_REQUEST_SUBMISSION_NOT_APPROVED: 'conflict',
  UPDATE_REQUEST_ALREADY_PENDING: 'conflict',
  UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION: 'validation',
  UPDATE_REQUEST_FILE_NOTHING_NEW: 'validation',
  UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION: 'validation',
  UPDATE_REQUEST_STATUS_INVALID: 'validation',
  UPDATE_REQUEST_NOT_PENDING: 'conflict',
  UPDATE_REQUEST_TEST_RUNNING: 'conflict',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<UpdateRequestErrorCode, string>> = {
  UPDATE_REQUEST_MESSAGE_MISSING: 'message',
  UPDATE_REQUEST_MESSAGE_TOO_LONG: 'message',
  UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION: 'file_ids',
  UPDATE_REQUEST_FILE_NOTHING_NEW: 'file_ids',
  UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION: 'image_ids',
  UPDATE_REQUEST_STATUS_INVALID: 'status',
};

export function updateRequestError<C extends UpdateRequestErrorCode>(code: C, params: Params[C]): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], field ? { validation: { [field]: [message] } } : {});
}
