import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagePermission } from '@corner/domain';
import { conversationAttachments } from '../../db/schema/index';
import { referencedSha256s } from '../file/blob.service';
import { sha256OfBlobKey } from '../../storage/index';
import { buildMember, buildRole, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';

// Spies that keep the real behaviour: what was notified and announced, whoever implements it.
const spies = vi.hoisted(() => ({ notify: [] as unknown[], live: [] as unknown[] }));
vi.mock('../notification/notification.service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../notification/notification.service')>();
  return {
    ...original,
    notify: async (tx: never, input: unknown) => {
      spies.notify.push(input);
      return original.notify(tx, input as never);
    },
  };
});
vi.mock('../live/live.service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../live/live.service')>();
  return {
    ...original,
    publishLive: async (tx: never, event: unknown) => {
      spies.live.push(event);
      return original.publishLive(tx, event as never);
    },
  };
});

/** Conversations between creators and message staff (issue 6): every operation and refusal. */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
  username: string;
}
let creator: Caller;
let otherCreator: Caller;
/** The seeded Submissions role, on the support-staff list. */
let staff: Caller;
/** Submissions role, but not on the support-staff list. */
let staffNotSupport: Caller;
/** May read the messages page, not change it. */
let viewer: Caller;

const CONVERSATION = `id number mailboxId subject status createdAt lastActivityAt tags read preview previewType threadCount
  assignee { MemberID UserName } member { MemberID UserName }
  threads { id type text createdAt author { MemberID UserName } attachments { id filename mimetype filesize url } }
  customFields { name value } submission { id name }`;
const CREATE = `mutation ($subject: String!, $message: String!, $file: Upload, $submission_id: Int, $mailbox: String) {
  createConversation(subject: $subject, message: $message, file: $file, submission_id: $submission_id, mailbox: $mailbox) { ${CONVERSATION} } }`;
const CREATE_STAFF = `mutation ($member_id: Int!, $subject: String!, $message: String!, $file: Upload, $submission_id: Int) {
  createStaffConversation(member_id: $member_id, subject: $subject, message: $message, file: $file, submission_id: $submission_id) { ${CONVERSATION} } }`;
const REPLY = `mutation ($id: Int!, $message: String!, $file: Upload) { createConversationReply(conversation_id: $id, message: $message, file: $file) { ${CONVERSATION} } }`;
const STAFF_REPLY = `mutation ($id: Int!, $message: String!, $note: Boolean, $file: Upload, $status: String) {
  createStaffConversationReply(conversation_id: $id, message: $message, note: $note, file: $file, status: $status) { ${CONVERSATION} } }`;
const TAG = `mutation ($id: Int!, $add: [String!], $remove: [String!]) { tagConversation(id: $id, add: $add, remove: $remove) { ${CONVERSATION} } }`;
const CLOSE = `mutation ($id: Int!) { closeConversation(id: $id) { ${CONVERSATION} } }`;
const ASSIGN = `mutation ($id: Int!, $member_id: Int!) { assignConversation(id: $id, member_id: $member_id) { ${CONVERSATION} } }`;
const UNASSIGN = `mutation ($id: Int!) { unassignConversation(id: $id) { ${CONVERSATION} } }`;
const GET = `query ($id: Int!) { conversation(id: $id) { ${CONVERSATION} } }`;
const LIST = `query ($first: Int, $page: Int, $exclude: [String!]) {
  conversations(first: $first, page: $page, exclude_tags: $exclude) { data { id subject status read preview threadCount tags } paginatorInfo { total count perPage } } }`;
const SEARCH = `query ($status: [String!], $assignee_id: Int, $unassigned: Boolean, $tag: String, $submission_id: Int, $phrase: String, $member_id: Int) {
  searchConversations(first: 100, status: $status, assignee_id: $assignee_id, unassigned: $unassigned, tag: $tag, submission_id: $submission_id, phrase: $phrase, member_id: $member_id) {
    data { id subject status tags } paginatorInfo { total } } }`;
const UNREAD = '{ conversations(first: 99, exclude_tags: ["user-read", "user-deleted"]) { paginatorInfo { total } } }';

async function caller(roles: string[] = [], supportList = false): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles, supportStaff: supportList });
  return { id: m.id, token: await server.tokenFor(m.id), username: m.username };
}

beforeAll(async () => {
  const viewerRole = await buildRole(server.database.db, 'Messages viewer (test)', [pagePermission('messages', 'view')]);
  creator = await caller();
  otherCreator = await caller();
  staff = await caller(['Submissions'], true);
  staffNotSupport = await caller(['Submissions']);
  viewer = await caller([viewerRole]);
});

beforeEach(() => {
  spies.notify.length = 0;
  spies.live.length = 0;
});

async function open(who: Caller = creator, subject = 'My chair floats', message = 'It floats above the floor in the game.') {
  const res = await server.gql(CREATE, { subject, message }, { token: who.token });
  expect(res.errors).toBeUndefined();
  return res.data!.createConversation;
}

function expectRefused(res: { errors?: { extensions?: Record<string, unknown> }[] }, code = 'NOT_OWNER') {
  expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code });
}

function expectInvalid(res: { errors?: { extensions?: Record<string, unknown> }[] }, code: string, field: string) {
  expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'validation', code });
  expect(res.errors![0]!.extensions!.validation).toHaveProperty(field);
}

async function unread(who: Caller): Promise<number> {
  const res = await server.gql(UNREAD, {}, { token: who.token });
  return res.data!.conversations.paginatorInfo.total;
}

async function counters(who: Caller, field: 'myCounters' | 'staffCounters'): Promise<number> {
  const res = await server.gql(`{ ${field} { unreadMessages } }`, {}, { token: who.token });
  expect(res.errors).toBeUndefined();
  return res.data![field].unreadMessages;
}

describe('createConversation', () => {
  it('opens an active conversation with the creator’s first thread, numbered in order, announced live', async () => {
    const first = await open();
    const second = await open();
    expect(first).toMatchObject({
      mailboxId: 'submissions',
      subject: 'My chair floats',
      status: 'active',
      assignee: null,
      member: { MemberID: creator.id },
      tags: ['user-read'],
      read: true,
      preview: 'It floats above the floor in the game.',
      threadCount: 1,
      customFields: [],
      submission: null,
    });
    expect(first.threads).toMatchObject([{ type: 'customer', text: 'It floats above the floor in the game.', author: { MemberID: creator.id }, attachments: [] }]);
    expect(second.number).toBeGreaterThan(first.number);
    expect(spies.live).toContainEqual({ kind: 'conversation', to: [creator.id], conversationId: second.id });
    expect(spies.live).toContainEqual({ kind: 'conversation', to: 'staff', conversationId: second.id });
  });

  it('links the creator’s own creation (a custom field), refuses another creator’s', async () => {
    const own = await buildSubmission(server.database.db, creator.id, { name: 'Floating chair' });
    const res = await server.gql(CREATE, { subject: 'About it', message: 'Hello', submission_id: own }, { token: creator.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createConversation.customFields).toEqual([{ name: 'submission_id', value: String(own) }]);
    expect(res.data!.createConversation.submission).toEqual({ id: own, name: 'Floating chair' });
    const theirs = await buildSubmission(server.database.db, otherCreator.id);
    expectRefused(await server.gql(CREATE, { subject: 'About it', message: 'Hello', submission_id: theirs }, { token: creator.token }));
  });

  it('refuses an empty subject or message with a validation error on that field', async () => {
    const noSubject = await server.gql(CREATE, { subject: '   ', message: 'Hello' }, { token: creator.token });
    expectInvalid(noSubject, 'CONVERSATION_SUBJECT_INVALID', 'subject');
    expect(noSubject.errors![0]!.message).toBe('Please give your message a subject.');
    const noMessage = await server.gql(CREATE, { subject: 'Hi', message: '' }, { token: creator.token });
    expectInvalid(noMessage, 'CONVERSATION_MESSAGE_INVALID', 'message');
    expect(noMessage.errors![0]!.message).toBe('Please write a message.');
    expectInvalid(await server.gql(CREATE, { subject: 'Hi', message: 'Hello', mailbox: 'sales' }, { token: creator.token }), 'CONVERSATION_MAILBOX_UNKNOWN', 'mailbox');
  });

  it('needs a signed-in member', async () => {
    expectRefused(await server.gql(CREATE, { subject: 'Hi', message: 'Hello' }), 'NOT_SIGNED_IN');
  });
});

describe('conversation (read state)', () => {
  it('the owner reading it tags it user-read; staff reading it do not', async () => {
    const c = await open();
    await server.gql(STAFF_REPLY, { id: c.id, message: 'An answer to read.' }, { token: staff.token });
    spies.live.length = 0;
    const byStaff = await server.gql(GET, { id: c.id }, { token: viewer.token });
    expect(byStaff.errors).toBeUndefined();
    expect(byStaff.data!.conversation.read).toBe(false);
    const byOwner = await server.gql(GET, { id: c.id }, { token: creator.token });
    expect(byOwner.data!.conversation).toMatchObject({ read: true, tags: ['user-read'] });
    expect(spies.live).toContainEqual({ kind: 'conversation', to: [creator.id], conversationId: c.id });
  });

  it('refuses another creator (NOT_OWNER) and answers not found for no conversation', async () => {
    const c = await open();
    const res = await server.gql(GET, { id: c.id }, { token: otherCreator.token });
    expectRefused(res);
    expect(res.data?.conversation ?? null).toBeNull();
    const missing = await server.gql(GET, { id: 999_999 }, { token: creator.token });
    expect(missing.errors?.[0]?.extensions).toMatchObject({ category: 'not_found', code: 'CONVERSATION_NOT_FOUND' });
  });
});

describe('the unread badge and the staff count', () => {
  it('move with staff replies, reading, creator replies and closing', async () => {
    const me = await caller();
    const staffBefore = await counters(staff, 'staffCounters');
    const c = await open(me);
    expect(await counters(staff, 'staffCounters')).toBe(staffBefore + 1);
    // The creator's own new conversation holds nothing unread.
    expect(c.read).toBe(true);
    expect(await unread(me)).toBe(0);
    expect(await counters(me, 'myCounters')).toBe(0);

    const reply = await server.gql(STAFF_REPLY, { id: c.id, message: 'We are looking into it.' }, { token: staff.token });
    expect(reply.errors).toBeUndefined();
    expect(reply.data!.createStaffConversationReply).toMatchObject({ status: 'pending', read: false });
    expect(await unread(me)).toBe(1);
    expect(await counters(me, 'myCounters')).toBe(1);
    expect(await counters(staff, 'staffCounters')).toBe(staffBefore);

    await server.gql(GET, { id: c.id }, { token: me.token });
    expect(await unread(me)).toBe(0);

    const back = await server.gql(REPLY, { id: c.id, message: 'Thanks!' }, { token: me.token });
    expect(back.data!.createConversationReply.status).toBe('active');
    expect(await counters(staff, 'staffCounters')).toBe(staffBefore + 1);

    await server.gql(CLOSE, { id: c.id }, { token: staff.token });
    expect(await counters(staff, 'staffCounters')).toBe(staffBefore);
  });

  it('leaves out deleted conversations from the creator’s list until they write again', async () => {
    const me = await caller();
    const c = await open(me);
    const tagged = await server.gql(TAG, { id: c.id, add: ['user-deleted'] }, { token: me.token });
    expect(tagged.data!.tagConversation.tags).toEqual(['user-deleted', 'user-read']);
    const list = await server.gql(LIST, { exclude: ['user-deleted'] }, { token: me.token });
    expect(list.data!.conversations.paginatorInfo.total).toBe(0);
    expect(await unread(me)).toBe(0);
    const reply = await server.gql(REPLY, { id: c.id, message: 'One more thing.' }, { token: me.token });
    expect(reply.data!.createConversationReply.tags).toEqual(['user-read']);
    const again = await server.gql(LIST, { exclude: ['user-deleted'] }, { token: me.token });
    expect(again.data!.conversations.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });
});

describe('createStaffConversationReply', () => {
  it('answers the creator only from support staff (SPEC 6); others who manage messages may add notes', async () => {
    const c = await open();
    const refused = await server.gql(STAFF_REPLY, { id: c.id, message: 'Looking into it.' }, { token: staffNotSupport.token });
    expect(refused.errors![0]).toMatchObject({
      message: 'Only support staff answer creators: ask an administrator to put your e-mail on the support-staff list. You can still add a note.',
      extensions: { code: 'CONVERSATION_NOT_SUPPORT_STAFF', category: 'authorization' },
    });
    const viaCreatorOperation = await server.gql(REPLY, { id: c.id, message: 'Looking into it.' }, { token: staffNotSupport.token });
    expect(viaCreatorOperation.errors![0]!.extensions!.code).toBe('CONVERSATION_NOT_SUPPORT_STAFF');
    const started = await server.gql(CREATE_STAFF, { member_id: creator.id, subject: 'About your sofa', message: 'Hello' }, { token: staffNotSupport.token });
    expect(started.errors![0]!.extensions!.code).toBe('CONVERSATION_NOT_SUPPORT_STAFF');
    const note = await server.gql(STAFF_REPLY, { id: c.id, message: 'Internal: mesh issue?', note: true }, { token: staffNotSupport.token });
    expect(note.errors).toBeUndefined();
    expect(note.data!.createStaffConversationReply.threads.at(-1)).toMatchObject({ type: 'note', author: { MemberID: staffNotSupport.id } });
  });

  it('a reply sets the status asked for, marks it unread, notifies the creator and moves last activity', async () => {
    const c = await open();
    await server.gql(GET, { id: c.id }, { token: creator.token });
    const res = await server.gql(STAFF_REPLY, { id: c.id, message: 'Fixed on our side.', status: 'closed' }, { token: staff.token });
    expect(res.errors).toBeUndefined();
    const after = res.data!.createStaffConversationReply;
    expect(after).toMatchObject({ status: 'closed', tags: [], read: false, preview: 'Fixed on our side.', threadCount: 2 });
    expect(new Date(after.lastActivityAt).getTime()).toBeGreaterThanOrEqual(new Date(c.lastActivityAt).getTime());
    expect(after.threads.at(-1)).toMatchObject({ type: 'message', author: { MemberID: staff.id } });
    expect(spies.notify).toEqual([{ member_id: creator.id, type: 'reply', message: expect.stringContaining('My chair floats'), reference: `/messages/${c.id}` }]);
  });

  it('a note changes neither status nor tags, notifies nobody, and is never shown to the creator', async () => {
    const c = await open();
    await server.gql(GET, { id: c.id }, { token: creator.token });
    spies.live.length = 0;
    const res = await server.gql(STAFF_REPLY, { id: c.id, message: 'Internal: probably a mesh issue.', note: true }, { token: staff.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createStaffConversationReply).toMatchObject({ status: 'active', tags: ['user-read'], threadCount: 2, preview: 'Internal: probably a mesh issue.', previewType: 'note' });
    expect(res.data!.createStaffConversationReply.lastActivityAt).toBe(c.lastActivityAt);
    expect(spies.notify).toEqual([]);
    expect(spies.live).not.toContainEqual(expect.objectContaining({ to: [creator.id] }));

    const seen = (await server.gql(GET, { id: c.id }, { token: creator.token })).data!.conversation;
    expect(seen).toMatchObject({ threadCount: 1, preview: 'It floats above the floor in the game.', previewType: 'customer' });
    expect(seen.threads.map((t: { type: string }) => t.type)).toEqual(['customer']);
    const listed = (await server.gql(LIST, {}, { token: creator.token })).data!.conversations.data.find((x: { id: number }) => x.id === c.id);
    expect(listed).toMatchObject({ threadCount: 1, preview: 'It floats above the floor in the game.' });
    const forStaff = (await server.gql(GET, { id: c.id }, { token: viewer.token })).data!.conversation;
    expect(forStaff.threads.map((t: { type: string }) => t.type)).toEqual(['customer', 'note']);
  });

  it('refuses a bad status, an empty message, and callers without the messages edit permission', async () => {
    const c = await open();
    expectInvalid(await server.gql(STAFF_REPLY, { id: c.id, message: 'Hi', status: 'waiting' }, { token: staff.token }), 'CONVERSATION_STATUS_INVALID', 'status');
    expectInvalid(await server.gql(STAFF_REPLY, { id: c.id, message: ' ' }, { token: staff.token }), 'CONVERSATION_MESSAGE_INVALID', 'message');
    expectRefused(await server.gql(STAFF_REPLY, { id: c.id, message: 'Hi' }, { token: creator.token }), 'FORBIDDEN');
    expectRefused(await server.gql(STAFF_REPLY, { id: c.id, message: 'Hi' }, { token: viewer.token }), 'FORBIDDEN');
  });
});

describe('createConversationReply', () => {
  it('the owner replies: status active again', async () => {
    const c = await open();
    await server.gql(STAFF_REPLY, { id: c.id, message: 'Which game version?' }, { token: staff.token });
    const res = await server.gql(REPLY, { id: c.id, message: 'Version 4.' }, { token: creator.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createConversationReply).toMatchObject({ status: 'active', threadCount: 3, preview: 'Version 4.' });
    expect(spies.notify).toEqual([expect.objectContaining({ type: 'reply' })]);
  });

  it('refuses another creator, and an empty message', async () => {
    const c = await open();
    const res = await server.gql(REPLY, { id: c.id, message: 'Me too!' }, { token: otherCreator.token });
    expectRefused(res);
    expect(res.data?.createConversationReply ?? null).toBeNull();
    expectInvalid(await server.gql(REPLY, { id: c.id, message: '' }, { token: creator.token }), 'CONVERSATION_MESSAGE_INVALID', 'message');
  });
});

describe('tagConversation', () => {
  it('creators set only their own tags, on their own conversations', async () => {
    const c = await open();
    const read = await server.gql(TAG, { id: c.id, add: ['user-read'] }, { token: creator.token });
    expect(read.data!.tagConversation.read).toBe(true);
    const unreadAgain = await server.gql(TAG, { id: c.id, remove: ['user-read'] }, { token: creator.token });
    expect(unreadAgain.data!.tagConversation.read).toBe(false);
    expectInvalid(await server.gql(TAG, { id: c.id, add: ['vip'] }, { token: creator.token }), 'CONVERSATION_TAG_NOT_ALLOWED', 'add');
    expectRefused(await server.gql(TAG, { id: c.id, add: ['user-deleted'] }, { token: otherCreator.token }));
    expectRefused(await server.gql(TAG, { id: c.id, add: ['vip'] }, { token: viewer.token }));
  });

  it('staff set any well-formed tag, which creators do not see', async () => {
    const c = await open();
    const res = await server.gql(TAG, { id: c.id, add: ['needs-mesh-check', 'user-read'] }, { token: staff.token });
    expect(res.data!.tagConversation.tags).toEqual(['needs-mesh-check', 'user-read']);
    expect((await server.gql(GET, { id: c.id }, { token: creator.token })).data!.conversation.tags).toEqual(['user-read']);
    for (const bad of ['Bad Tag', '-dash', 'x'.repeat(41), '']) {
      expectInvalid(await server.gql(TAG, { id: c.id, add: [bad] }, { token: staff.token }), 'CONVERSATION_TAG_INVALID', 'add');
    }
    const found = await server.gql(SEARCH, { tag: 'needs-mesh-check' }, { token: staff.token });
    expect(found.data!.searchConversations.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });
});

describe('close, assign and unassign', () => {
  it('staff close, assign to support staff and unassign', async () => {
    const c = await open();
    const assigned = await server.gql(ASSIGN, { id: c.id, member_id: staff.id }, { token: staff.token });
    expect(assigned.errors).toBeUndefined();
    expect(assigned.data!.assignConversation.assignee).toEqual({ MemberID: staff.id, UserName: staff.username });
    const byAssignee = await server.gql(SEARCH, { assignee_id: staff.id }, { token: staff.token });
    expect(byAssignee.data!.searchConversations.data.map((x: { id: number }) => x.id)).toContain(c.id);
    const unassigned = await server.gql(UNASSIGN, { id: c.id }, { token: staff.token });
    expect(unassigned.data!.unassignConversation.assignee).toBeNull();
    const closed = await server.gql(CLOSE, { id: c.id }, { token: staff.token });
    expect(closed.data!.closeConversation.status).toBe('closed');
  });

  it('refuses an assignee who is not support staff, and callers who are not message staff', async () => {
    const c = await open();
    const res = await server.gql(ASSIGN, { id: c.id, member_id: staffNotSupport.id }, { token: staff.token });
    expectInvalid(res, 'CONVERSATION_ASSIGNEE_NOT_STAFF', 'member_id');
    expectInvalid(await server.gql(ASSIGN, { id: c.id, member_id: 999_999 }, { token: staff.token }), 'CONVERSATION_MEMBER_NOT_FOUND', 'member_id');
    expectRefused(await server.gql(ASSIGN, { id: c.id, member_id: staff.id }, { token: creator.token }), 'FORBIDDEN');
    expectRefused(await server.gql(CLOSE, { id: c.id }, { token: creator.token }), 'FORBIDDEN');
    expectRefused(await server.gql(UNASSIGN, { id: c.id }, { token: viewer.token }), 'FORBIDDEN');
  });
});

describe('listSupportStaff', () => {
  it('lists members on the support-staff list, 100 a page, for message staff only', async () => {
    const res = await server.gql('{ listSupportStaff { data { MemberID UserName } paginatorInfo { perPage } } }', {}, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    const ids = res.data!.listSupportStaff.data.map((m: { MemberID: number }) => m.MemberID);
    expect(ids).toContain(staff.id);
    expect(ids).not.toContain(staffNotSupport.id);
    expect(res.data!.listSupportStaff.paginatorInfo.perPage).toBe(100);
    expectRefused(await server.gql('{ listSupportStaff { data { MemberID } } }', {}, { token: creator.token }), 'FORBIDDEN');
  });
});

describe('searchConversations', () => {
  it('filters by status, creator, creation, phrase and assignee, newest activity first', async () => {
    const me = await caller();
    const s = await buildSubmission(server.database.db, me.id);
    const a = await open(me, 'Texture glitch', 'The swatches are purple.');
    const linked = await server.gql(CREATE, { subject: 'Lot question', message: 'Is the lot too big?', submission_id: s }, { token: me.token });
    const b = linked.data!.createConversation;
    await server.gql(STAFF_REPLY, { id: a.id, message: 'Please send a screenshot.' }, { token: staff.token });
    const ids = async (vars: Record<string, unknown>) => {
      const res = await server.gql(SEARCH, { member_id: me.id, ...vars }, { token: viewer.token });
      expect(res.errors).toBeUndefined();
      return res.data!.searchConversations.data.map((x: { id: number }) => x.id);
    };
    expect(await ids({})).toEqual([a.id, b.id]);
    expect(await ids({ status: ['pending'] })).toEqual([a.id]);
    expect(await ids({ status: ['active', 'closed'] })).toEqual([b.id]);
    expect(await ids({ submission_id: s })).toEqual([b.id]);
    expect(await ids({ phrase: 'purple' })).toEqual([a.id]);
    expect(await ids({ phrase: 'LOT' })).toEqual([b.id]);
    expect(await ids({ phrase: String(b.number) })).toEqual([b.id]);
    expect(await ids({ phrase: `#${a.number}` })).toEqual([a.id]);
    expect(await ids({ unassigned: true })).toEqual([a.id, b.id]);
    expectInvalid(await server.gql(SEARCH, { status: ['open'] }, { token: viewer.token }), 'CONVERSATION_STATUS_INVALID', 'status');
    expectRefused(await server.gql(SEARCH, {}, { token: creator.token }), 'FORBIDDEN');
  });
});

describe('createStaffConversation', () => {
  it('staff open a conversation with a creator: pending, a staff message, the creator notified', async () => {
    const res = await server.gql(CREATE_STAFF, { member_id: creator.id, subject: 'Your lot', message: 'Could you add a preview?' }, { token: staff.token });
    expect(res.errors).toBeUndefined();
    const c = res.data!.createStaffConversation;
    expect(c).toMatchObject({ status: 'pending', member: { MemberID: creator.id }, read: false });
    expect(c.threads).toMatchObject([{ type: 'message', author: { MemberID: staff.id } }]);
    expect(spies.notify).toEqual([expect.objectContaining({ member_id: creator.id, type: 'reply', reference: `/messages/${c.id}` })]);
    const mine = await server.gql(GET, { id: c.id }, { token: creator.token });
    expect(mine.data!.conversation.subject).toBe('Your lot');
  });

  it('refuses non-staff, an unknown member and an empty subject', async () => {
    expectRefused(await server.gql(CREATE_STAFF, { member_id: otherCreator.id, subject: 'Hi', message: 'Hello' }, { token: creator.token }), 'FORBIDDEN');
    expectInvalid(await server.gql(CREATE_STAFF, { member_id: 999_999, subject: 'Hi', message: 'Hello' }, { token: staff.token }), 'CONVERSATION_MEMBER_NOT_FOUND', 'member_id');
    expectInvalid(await server.gql(CREATE_STAFF, { member_id: creator.id, subject: '', message: 'Hello' }, { token: staff.token }), 'CONVERSATION_SUBJECT_INVALID', 'subject');
  });
});

describe('attachments', () => {
  const text = 'Game log: the chair floats at height 0.3\n';

  it('round-trip: uploaded with a message, kept as referenced content, downloaded through the signed url', async () => {
    const res = await server.upload(CREATE, { subject: 'With a log', message: 'See the log.' }, { 'variables.file': { name: 'game-log.txt', content: text } }, { token: creator.token });
    expect(res.errors).toBeUndefined();
    const [attachment] = res.data!.createConversation.threads[0].attachments;
    expect(attachment).toMatchObject({ filename: 'game-log.txt', filesize: Buffer.byteLength(text) });
    expect(attachment.url).toMatch(/^\/attachments\/\d+\?expires=\d+&signature=/);

    const download = await server.app.inject({ method: 'GET', url: attachment.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(text);
    expect(download.headers['content-disposition']).toContain('attachment; filename="game-log.txt"');

    // Content an attachment names is referenced: the storage sweep keeps it.
    const [row] = await server.database.db.select().from(conversationAttachments).where(eq(conversationAttachments.id, attachment.id));
    const sha256 = sha256OfBlobKey(row!.storage_key);
    expect(await referencedSha256s(server.database.db, [sha256])).toEqual(new Set([sha256]));
    expect(await server.storage.exists(row!.storage_key)).toBe(true);

    // Without the signature: the owner's or message staff's token, nobody else's.
    const path = `/attachments/${attachment.id}`;
    const as = async (who: Caller | null) =>
      (await server.app.inject({ method: 'GET', url: path, headers: who ? { authorization: `Bearer ${who.token}` } : {} })).statusCode;
    expect(await as(creator)).toBe(200);
    expect(await as(viewer)).toBe(200);
    expect(await as(otherCreator)).toBe(403);
    expect(await as(null)).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: `${path}?expires=9999999999&signature=forged` })).statusCode).toBe(403);
  });

  it('another creator cannot reach an attachment through the conversation; a note’s attachment stays with staff', async () => {
    const c = await open();
    const note = await server.upload(STAFF_REPLY, { id: c.id, message: 'Internal screenshot', note: true }, { 'variables.file': { name: 'internal.txt', content: 'secret' } }, { token: staff.token });
    expect(note.errors).toBeUndefined();
    const [attachment] = note.data!.createStaffConversationReply.threads.at(-1).attachments;
    const seen = (await server.gql(GET, { id: c.id }, { token: creator.token })).data!.conversation;
    expect(seen.threads.flatMap((t: { attachments: unknown[] }) => t.attachments)).toEqual([]);
    const byToken = await server.app.inject({ method: 'GET', url: `/attachments/${attachment.id}`, headers: { authorization: `Bearer ${creator.token}` } });
    expect(byToken.statusCode).toBe(403);
  });

  it('refuses an empty file', async () => {
    const res = await server.upload(CREATE, { subject: 'Empty', message: 'Nothing here.' }, { 'variables.file': { name: 'empty.txt', content: '' } }, { token: creator.token });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'CONVERSATION_ATTACHMENT_EMPTY' });
  });
});
