import { TAG_USER_READ } from '@corner/domain';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import { MemberSummaryPaginator, MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './conversation.service';
import * as readService from './conversation-read.service';
import * as supportStaffService from './support-staff.service';

const ConversationAttachmentRef = builder.objectRef<readService.AttachmentRow>('ConversationAttachment').implement({
  description: 'A file attached to a thread; `url` is a signed download link.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    filename: t.exposeString('filename'),
    mimetype: t.exposeString('mimetype'),
    filesize: t.exposeInt('filesize'),
    url: t.string({ resolve: (a, _args, ctx) => readService.attachmentUrl(ctx, a) }),
  }),
});

const ConversationThreadRef = builder.objectRef<readService.ThreadView>('ConversationThread').implement({
  description: 'One entry of a conversation: customer (the creator), message (staff reply), note (staff only) or lineitem (system).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type'),
    text: t.exposeString('text'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    author: t.field({
      type: MemberSummaryRef,
      nullable: true,
      description: 'Null for system entries (lineitem).',
      resolve: (th, _args, ctx) => (th.type === 'lineitem' ? null : loadMemberSummary(ctx, th.member_id)),
    }),
    attachments: t.field({ type: [ConversationAttachmentRef], resolve: (th) => th.attachments }),
  }),
});

const ConversationCustomFieldRef = builder.objectRef<{ name: string; value: string }>('ConversationCustomField').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

export const ConversationRef = builder.objectRef<readService.ConversationView>('Conversation').implement({
  description: 'A help-desk conversation between a creator and staff (DESIGN section 6).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number'),
    mailboxId: t.exposeString('mailbox_id'),
    subject: t.exposeString('subject'),
    status: t.exposeString('status', { description: 'active (waiting for staff) | pending (waiting for the creator) | closed' }),
    assignee: t.field({ type: MemberSummaryRef, nullable: true, resolve: (c, _args, ctx) => loadMemberSummary(ctx, c.assignee_id) }),
    member: t.field({
      type: MemberSummaryRef,
      description: 'The creator the conversation is with.',
      resolve: async (c, _args, ctx) => (await loadMemberSummary(ctx, c.member_id)) ?? { id: c.member_id, username: '' },
    }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    lastActivityAt: t.expose('last_activity_at', { type: 'DateTime' }),
    tags: t.stringList({ description: 'The creator sees only user-read and user-deleted; staff see all.', resolve: (c) => c.tags }),
    read: t.boolean({ description: 'Tagged user-read: the creator has read the newest staff reply.', resolve: (c) => c.tags.includes(TAG_USER_READ) }),
    preview: t.string({ description: 'The newest visible thread’s text, cut short.', resolve: (c) => c.preview }),
    previewType: t.string({
      nullable: true,
      description: 'The type of the thread the preview comes from: customer | message | note (staff only) | lineitem; null without threads.',
      resolve: (c) => c.previewType,
    }),
    threadCount: t.int({ description: 'Visible threads only.', resolve: (c) => c.threadCount }),
    threads: t.field({
      type: [ConversationThreadRef],
      description: 'Oldest first; notes only for staff.',
      resolve: (c, _args, ctx) => readService.threadsOf(ctx, c),
    }),
    customFields: t.field({
      type: [ConversationCustomFieldRef],
      description: 'Includes {name: "submission_id"} when the conversation is about a creation.',
      resolve: (c, _args, ctx) => readService.customFieldsOf(ctx.db, c),
    }),
    submission: t.field({
      type: SubmissionPropertiesRef,
      nullable: true,
      description: 'The linked creation, when the caller may view it.',
      resolve: (c, _args, ctx) => readService.linkedSubmission(ctx, c),
    }),
  }),
});

const ConversationPaginator = paginatorOf('Conversation', ConversationRef);

builder.queryFields((t) => ({
  conversations: t.field({
    type: ConversationPaginator,
    description:
      'The signed-in member’s own conversations in the mailbox, newest activity first. exclude_tags leaves out conversations with any of these tags (the unread badge passes ["user-read","user-deleted"]).',
    authScopes: policy.signedIn,
    args: {
      first: t.arg.int(),
      page: t.arg.int(),
      mailbox: t.arg.string({ defaultValue: 'submissions' }),
      exclude_tags: t.arg.stringList(),
    },
    resolve: (_r, a, ctx) => readService.listOwnConversations(ctx, a),
  }),
  searchConversations: t.field({
    type: ConversationPaginator,
    description: 'Staff: every conversation, newest activity first, filtered.',
    authScopes: policy.view('messages'),
    args: {
      first: t.arg.int(),
      page: t.arg.int(),
      mailbox: t.arg.string({ defaultValue: 'submissions' }),
      status: t.arg.stringList(),
      assignee_id: t.arg.int(),
      unassigned: t.arg.boolean(),
      tag: t.arg.string(),
      submission_id: t.arg.int(),
      phrase: t.arg.string(),
      member_id: t.arg.int(),
    },
    resolve: (_r, a, ctx) => readService.searchConversations(ctx, a),
  }),
  conversation: t.field({
    type: ConversationRef,
    description: 'Owner or message staff; another creator is refused (NOT_OWNER). The owner reading it marks it read.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.getConversation(ctx, a.id),
  }),
  listSupportStaff: t.field({
    type: MemberSummaryPaginator,
    description: 'Members whose e-mail is on the support-staff list (assignees), by username.',
    authScopes: policy.view('messages'),
    args: { first: t.arg.int({ defaultValue: 100 }), page: t.arg.int(), mailbox: t.arg.string({ defaultValue: 'submissions' }) },
    resolve: (_r, a, ctx) => supportStaffService.listSupportStaff(ctx, a),
  }),
}));

builder.mutationFields((t) => ({
  createConversation: t.field({
    type: ConversationRef,
    description: 'A creator opens a conversation (the new message dialog); submission_id: an own creation to link.',
    authScopes: policy.signedIn,
    args: {
      subject: t.arg.string({ required: true }),
      message: t.arg.string({ required: true }),
      file: t.arg({ type: 'Upload', extensions: { upload: 'attachment' } }),
      submission_id: t.arg.int(),
      mailbox: t.arg.string({ defaultValue: 'submissions' }),
    },
    resolve: (_r, a, ctx) => service.createConversation(ctx, a),
  }),
  createStaffConversation: t.field({
    type: ConversationRef,
    description: 'Staff open a conversation with a creator; the first thread is a staff message, status pending.',
    authScopes: policy.edit('messages'),
    args: {
      member_id: t.arg.int({ required: true }),
      subject: t.arg.string({ required: true }),
      message: t.arg.string({ required: true }),
      file: t.arg({ type: 'Upload', extensions: { upload: 'attachment' } }),
      submission_id: t.arg.int(),
      mailbox: t.arg.string({ defaultValue: 'submissions' }),
    },
    resolve: (_r, a, ctx) => service.createStaffConversation(ctx, a),
  }),
  createConversationReply: t.field({
    type: ConversationRef,
    description: 'The creator replies on their own conversation: status active, user-deleted removed.',
    authScopes: policy.signedIn,
    args: {
      conversation_id: t.arg.int({ required: true }),
      message: t.arg.string({ required: true }),
      file: t.arg({ type: 'Upload', extensions: { upload: 'attachment' } }),
    },
    resolve: (_r, a, ctx) => service.createConversationReply(ctx, a),
  }),
  createStaffConversationReply: t.field({
    type: ConversationRef,
    description:
      'A staff reply (notifies the creator, marks it unread, status `status` or pending) or, with note: true, a staff-only note that changes nothing else.',
    authScopes: policy.edit('messages'),
    args: {
      conversation_id: t.arg.int({ required: true }),
      message: t.arg.string({ required: true }),
      note: t.arg.boolean({ defaultValue: false }),
      file: t.arg({ type: 'Upload', extensions: { upload: 'attachment' } }),
      status: t.arg.string(),
    },
    resolve: (_r, a, ctx) => service.createStaffConversationReply(ctx, a),
  }),
  tagConversation: t.field({
    type: ConversationRef,
    description: 'Adds and/or removes tags. Creators: only user-read and user-deleted on their own conversations; staff: any tag.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }), add: t.arg.stringList(), remove: t.arg.stringList() },
    resolve: (_r, a, ctx) => service.tagConversation(ctx, a),
  }),
  closeConversation: t.field({
    type: ConversationRef,
    authScopes: policy.edit('messages'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.closeConversation(ctx, a.id),
  }),
  assignConversation: t.field({
    type: ConversationRef,
    description: 'The assignee must be support staff (e-mail on the support-staff list).',
    authScopes: policy.edit('messages'),
    args: { id: t.arg.int({ required: true }), member_id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.assignConversation(ctx, a.id, a.member_id),
  }),
  unassignConversation: t.field({
    type: ConversationRef,
    authScopes: policy.edit('messages'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.unassignConversation(ctx, a.id),
  }),
}));
