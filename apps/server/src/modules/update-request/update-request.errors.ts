import { defineErrors, type ErrorCodeOf } from '../../errors';

export const updateRequestError = defineErrors({
  UPDATE_REQUEST_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Update request ${p.id} was not found.` },
  UPDATE_REQUEST_MESSAGE_MISSING: {
    category: 'validation',
    field: 'message',
    message: () => 'Please write a message that says what the update changes.',
  },
  UPDATE_REQUEST_MESSAGE_TOO_LONG: {
    category: 'validation',
    field: 'message',
    message: (p: { max: number }) => `The message may have at most ${p.max} characters.`,
  },
  UPDATE_REQUEST_SUBMISSION_NOT_APPROVED: {
    category: 'conflict',
    message: (p: { status: string }) =>
      p.status === 'DELETED'
        ? 'This creation was deleted; it cannot be updated.'
        : 'Only approved creations take update requests. Until then, edit the creation itself.',
  },
  UPDATE_REQUEST_ALREADY_PENDING: {
    category: 'conflict',
    message: (p: { id: number }) =>
      `This creation already has an update request waiting for review (${p.id}). Wait for it, or withdraw it first.`,
  },
  UPDATE_REQUEST_FILE_NOT_IN_SUBMISSION: {
    category: 'validation',
    field: 'file_ids',
    message: (p: { ids: number[] }) => `Not live files of this creation: ${p.ids.join(', ')}.`,
  },
  UPDATE_REQUEST_FILE_NOTHING_NEW: {
    category: 'validation',
    field: 'file_ids',
    message: (p: { filename: string; version: number }) =>
      `“${p.filename}” has no new version: version ${p.version} is already the one visitors download. Upload a new version first.`,
  },
  UPDATE_REQUEST_IMAGE_NOT_IN_SUBMISSION: {
    category: 'validation',
    field: 'image_ids',
    message: (p: { ids: number[] }) => `Not live images of this creation: ${p.ids.join(', ')}.`,
  },
  UPDATE_REQUEST_STATUS_INVALID: {
    category: 'validation',
    field: 'status',
    message: (p: { status: string }) => `“${p.status}” is not a decision: choose APPROVED or REJECTED.`,
  },
  UPDATE_REQUEST_NOT_PENDING: {
    category: 'conflict',
    message: (p: { status: string }) => `This update request is already ${p.status.toLowerCase()}; only a pending one can change.`,
  },
  UPDATE_REQUEST_TEST_RUNNING: {
    category: 'conflict',
    message: () => 'A test of this update is still running. Finish it before approving the update.',
  },
});
export type UpdateRequestErrorCode = ErrorCodeOf<typeof updateRequestError>;
