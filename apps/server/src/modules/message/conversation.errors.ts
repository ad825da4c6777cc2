import { formatBytes } from '@corner/domain';
import { AppError, type ErrorCategory } from '../../errors';

export const ConversationErrorCode = {
  NOT_FOUND: 'CONVERSATION_NOT_FOUND',
  SUBJECT_INVALID: 'CONVERSATION_SUBJECT_INVALID',
  MESSAGE_INVALID: 'CONVERSATION_MESSAGE_INVALID',
  STATUS_INVALID: 'CONVERSATION_STATUS_INVALID',
  TAG_INVALID: 'CONVERSATION_TAG_INVALID',
  TAG_NOT_ALLOWED: 'CONVERSATION_TAG_NOT_ALLOWED',
  MAILBOX_UNKNOWN: 'CONVERSATION_MAILBOX_UNKNOWN',
  MEMBER_NOT_FOUND: 'CONVERSATION_MEMBER_NOT_FOUND',
  ASSIGNEE_NOT_STAFF: 'CONVERSATION_ASSIGNEE_NOT_STAFF',
  ATTACHMENT_TOO_LARGE: 'CONVERSATION_ATTACHMENT_TOO_LARGE',
  ATTACHMENT_EMPTY: 'CONVERSATION_ATTACHMENT_EMPTY',
  ATTACHMENT_LOST: 'CONVERSATION_ATTACHMENT_LOST',
} as const;
export type ConversationErrorCode = (typeof ConversationErrorCode)[keyof typeof ConversationErrorCode];

/** What each message needs to be exact. */
interface Params {
  CONVERSATION_NOT_FOUND: { id: number };
  /** The rule's own message (packages/domain newMessageInput). */
  CONVERSATION_SUBJECT_INVALID: { message: string };
  CONVERSATION_MESSAGE_INVALID: { message: string };
  CONVERSATION_STATUS_INVALID: { status: string; statuses: readonly string[]; field?: string };
  CONVERSATION_TAG_INVALID: { tag: string; max: number; field: string };
  CONVERSATION_TAG_NOT_ALLOWED: { tag: string; allowed: readonly string[]; field: string };
  CONVERSATION_MAILBOX_UNKNOWN: { mailbox: string };
  CONVERSATION_MEMBER_NOT_FOUND: { id: number };
  CONVERSATION_ASSIGNEE_NOT_STAFF: { name: string };
  CONVERSATION_ATTACHMENT_TOO_LARGE: { filename: string; size: number; max: number };
  CONVERSATION_ATTACHMENT_EMPTY: { filename: string };
  CONVERSATION_ATTACHMENT_LOST: { filename: string };
}

const MESSAGES: { [C in ConversationErrorCode]: (p: Params[C]) => string } = {
  CONVERSATION_NOT_FOUND: (p) => `Conversation ${p.id} was not found.`,
  CONVERSATION_SUBJECT_INVALID: (p) => p.message,
  CONVERSATION_MESSAGE_INVALID: (p) => p.message,
  CONVERSATION_STATUS_INVALID: (p) => `“${p.status}” is not a conversation status. Choose one of: ${p.statuses.join(', ')}.`,
  CONVERSATION_TAG_INVALID: (p) =>
    `“${p.tag}” is not a valid tag: use lower-case letters, digits and dashes, starting with a letter or digit, at most ${p.max} characters.`,
  CONVERSATION_TAG_NOT_ALLOWED: (p) => `You cannot set the tag “${p.tag}”; you may set only: ${p.allowed.join(', ')}.`,
  CONVERSATION_MAILBOX_UNKNOWN: (p) => `There is no mailbox “${p.mailbox}”.`,
  CONVERSATION_MEMBER_NOT_FOUND: (p) => `Member ${p.id} was not found.`,
  CONVERSATION_ASSIGNEE_NOT_STAFF: (p) => `${p.name} is not on the support-staff list, so conversations cannot be assigned to them.`,
  CONVERSATION_ATTACHMENT_TOO_LARGE: (p) => `“${p.filename}” is ${formatBytes(p.size)}; an attachment may be at most ${formatBytes(p.max)}.`,
  CONVERSATION_ATTACHMENT_EMPTY: (p) => `“${p.filename}” is empty.`,
  CONVERSATION_ATTACHMENT_LOST: (p) => `The upload of “${p.filename}” was lost. Please attach it again.`,
};

const CATEGORY: Record<ConversationErrorCode, ErrorCategory> = {
  CONVERSATION_NOT_FOUND: 'not_found',
  CONVERSATION_SUBJECT_INVALID: 'validation',
  CONVERSATION_MESSAGE_INVALID: 'validation',
  CONVERSATION_STATUS_INVALID: 'validation',
  CONVERSATION_TAG_INVALID: 'validation',
  CONVERSATION_TAG_NOT_ALLOWED: 'validation',
  CONVERSATION_MAILBOX_UNKNOWN: 'validation',
  CONVERSATION_MEMBER_NOT_FOUND: 'validation',
  CONVERSATION_ASSIGNEE_NOT_STAFF: 'validation',
  CONVERSATION_ATTACHMENT_TOO_LARGE: 'validation',
  CONVERSATION_ATTACHMENT_EMPTY: 'validation',
  CONVERSATION_ATTACHMENT_LOST: 'conflict',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: { [C in ConversationErrorCode]?: string | ((p: Params[C]) => string) } = {
  CONVERSATION_SUBJECT_INVALID: 'subject',
  CONVERSATION_MESSAGE_INVALID: 'message',
  CONVERSATION_STATUS_INVALID: (p) => p.field ?? 'status',
  CONVERSATION_TAG_INVALID: (p) => p.field,
  CONVERSATION_TAG_NOT_ALLOWED: (p) => p.field,
  CONVERSATION_MAILBOX_UNKNOWN: 'mailbox',
  CONVERSATION_MEMBER_NOT_FOUND: 'member_id',
  CONVERSATION_ASSIGNEE_NOT_STAFF: 'member_id',
  CONVERSATION_ATTACHMENT_TOO_LARGE: 'file',
  CONVERSATION_ATTACHMENT_EMPTY: 'file',
};

export function conversationError<C extends ConversationErrorCode>(code: C, params: Params[C]): AppError {
  const message = MESSAGES[code](params);
  const rule = FIELD[code] as string | ((p: Params[C]) => string) | undefined;
  const field = typeof rule === 'function' ? rule(params) : rule;
  return new AppError(code, message, CATEGORY[code], field ? { validation: { [field]: [message] } } : {});
}
