import { formatBytes } from '@corner/domain';
import { defineErrors, type ErrorCodeOf } from '../../errors';

export const conversationError = defineErrors({
  CONVERSATION_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Conversation ${p.id} was not found.` },
  /** The rule's own message (packages/domain newMessageInput). */
  CONVERSATION_SUBJECT_INVALID: { category: 'validation', field: 'subject', message: (p: { message: string }) => p.message },
  CONVERSATION_MESSAGE_INVALID: { category: 'validation', field: 'message', message: (p: { message: string }) => p.message },
  CONVERSATION_STATUS_INVALID: {
    category: 'validation',
    field: (p) => p.field ?? 'status',
    message: (p: { status: string; statuses: readonly string[]; field?: string }) =>
      `“${p.status}” is not a conversation status. Choose one of: ${p.statuses.join(', ')}.`,
  },
  CONVERSATION_TAG_INVALID: {
    category: 'validation',
    field: (p) => p.field,
    message: (p: { tag: string; max: number; field: string }) =>
      `“${p.tag}” is not a valid tag: use lower-case letters, digits and dashes, starting with a letter or digit, at most ${p.max} characters.`,
  },
  CONVERSATION_TAG_NOT_ALLOWED: {
    category: 'validation',
    field: (p) => p.field,
    message: (p: { tag: string; allowed: readonly string[]; field: string }) =>
      `You cannot set the tag “${p.tag}”; you may set only: ${p.allowed.join(', ')}.`,
  },
  CONVERSATION_MAILBOX_UNKNOWN: { category: 'validation', field: 'mailbox', message: (p: { mailbox: string }) => `There is no mailbox “${p.mailbox}”.` },
  CONVERSATION_MEMBER_NOT_FOUND: { category: 'validation', field: 'member_id', message: (p: { id: number }) => `Member ${p.id} was not found.` },
  CONVERSATION_NOT_SUPPORT_STAFF: {
    category: 'authorization',
    message: () => 'Only support staff answer creators: ask an administrator to put your e-mail on the support-staff list. You can still add a note.',
  },
  CONVERSATION_ASSIGNEE_NOT_STAFF: {
    category: 'validation',
    field: 'member_id',
    message: (p: { name: string }) => `${p.name} is not on the support-staff list, so conversations cannot be assigned to them.`,
  },
  CONVERSATION_ATTACHMENT_TOO_LARGE: {
    category: 'validation',
    field: 'file',
    message: (p: { filename: string; size: number; max: number }) =>
      `“${p.filename}” is ${formatBytes(p.size)}; an attachment may be at most ${formatBytes(p.max)}.`,
  },
  CONVERSATION_ATTACHMENT_EMPTY: { category: 'validation', field: 'file', message: (p: { filename: string }) => `“${p.filename}” is empty.` },
  CONVERSATION_ATTACHMENT_LOST: {
    category: 'conflict',
    message: (p: { filename: string }) => `The upload of “${p.filename}” was lost. Please attach it again.`,
  },
});
export type ConversationErrorCode = ErrorCodeOf<typeof conversationError>;
