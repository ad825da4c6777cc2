import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ACCESS, pagePermission } from '@corner/domain';
import { conversations, conversationTags, conversationThreads, images, updateRequests } from '../../db/schema/index';
import { publishDue } from '../../jobs/publish.job';
import { buildConversation, buildMember, buildRole, buildSubmission, buildSubmittableFiles } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { formatUtc, recordStoryAndNotify } from './story.service';

const spies = vi.hoisted(() => ({ notify: [] as { member_id: number; type: string; message: string; reference: string | null }[] }));
vi.mock('../notification/notification.service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../notification/notification.service')>();
  return {
    ...original,
    notify: async (tx: never, input: (typeof spies.notify)[number]) => {
      spies.notify.push(input);
      return original.notify(tx, input as never);
    },
  };
});

/** A creation's story: every status change is a system entry in its conversation, and the owner is told. */
const server = useTestServer();

interface Caller {
  id: number;
  token: string;
  username: string;
}
let owner: Caller;
let reviewer: Caller;
let tester: Caller;
let member: Caller;

async function caller(roles: string[] = []): Promise<Caller> {
  const m = await buildMember(server.database.db, { roles });
  return { id: m.id, token: await server.tokenFor(m.id), username: m.username };
}

beforeAll(async () => {
  owner = await caller();
  reviewer = await caller(['Submissions']);
  tester = await caller([await buildRole(server.database.db, 'Story tester', [ADMIN_ACCESS, pagePermission('testing', 'edit'), pagePermission('waiting', 'view')])]);
  member = await caller();
});

beforeEach(() => {
  spies.notify.length = 0;
});

/** The creation's conversations, oldest first, with their threads. */
async function story(submissionId: number) {
  const db = server.database.db;
  const found = await db.select().from(conversations).where(eq(conversations.submission_id, submissionId)).orderBy(asc(conversations.id));
  return Promise.all(
    found.map(async (c) => ({
      ...c,
      threads: await db.select().from(conversationThreads).where(eq(conversationThreads.conversation_id, c.id)).orderBy(asc(conversationThreads.id)),
      tags: (await db.select().from(conversationTags).where(eq(conversationTags.conversation_id, c.id))).map((t) => t.tag),
    })),
  );
}

const lastEntry = async (submissionId: number) => (await story(submissionId))[0]!.threads.at(-1)!;

describe('recordStoryAndNotify', () => {
  it('opens the creation’s conversation (closed, subject its name, with the owner) and appends to it after', async () => {
    const s = await buildSubmission(server.database.db, owner.id, { name: 'Cosy armchair', status: 'SUBMITTED' });
    await recordStoryAndNotify(server.database.db, { submission_id: s, kind: 'submitted', actor_id: owner.id });
    await recordStoryAndNotify(server.database.db, { submission_id: s, kind: 'test_failed', actor_id: tester.id, detail: 'The seat clips through the floor.' });
    const [c, ...more] = await story(s);
    expect(more).toEqual([]);
    expect(c).toMatchObject({ subject: 'Cosy armchair', member_id: owner.id, status: 'closed', mailbox_id: 'submissions' });
    expect(c!.threads.map((t) => [t.type, t.text])).toEqual([
      ['lineitem', `Submitted for review by ${owner.username}.`],
      ['lineitem', 'A test failed: The seat clips through the floor.'],
    ]);
    // The owner is never told about their own action; the failed test is news to them.
    expect(spies.notify).toEqual([{ member_id: owner.id, type: 'test_failed', message: 'A test of “Cosy armchair” failed.', reference: `/my-creations/edit/step-1/mod/${s}` }]);
  });

  it('uses the oldest conversation not deleted by the creator, and changes neither its status nor its read tags', async () => {
    const db = server.database.db;
    const s = await buildSubmission(db, owner.id, { status: 'SUBMITTED' });
    const deleted = await buildConversation(db, owner.id, { subject: 'Old', submission_id: s, status: 'closed', tags: ['user-deleted'] });
    const open = await buildConversation(db, owner.id, { subject: 'Question', submission_id: s, status: 'pending', tags: ['user-read'] });
    const newer = await buildConversation(db, owner.id, { subject: 'Newer', submission_id: s, status: 'active' });
    await recordStoryAndNotify(db, { submission_id: s, kind: 'reported', actor_id: member.id, detail: 'Broken or not working in the game' });
    const all = await story(s);
    const target = all.find((c) => c.id === open)!;
    expect(target.threads.map((t) => t.text)).toEqual(['Reported by a member: Broken or not working in the game']);
    expect(target).toMatchObject({ status: 'pending', tags: ['user-read'] });
    expect(all.find((c) => c.id === deleted)!.threads).toEqual([]);
    expect(all.find((c) => c.id === newer)!.threads).toEqual([]);
    expect(spies.notify).toEqual([expect.objectContaining({ member_id: owner.id, type: 'report' })]);
  });

  it('records nothing for a set item (it follows its set)', async () => {
    const db = server.database.db;
    const s = await buildSubmission(db, owner.id);
    const { submissions } = await import('../../db/schema/index');
    await db.update(submissions).set({ model_type: 'set_item' }).where(eq(submissions.id, s));
    await recordStoryAndNotify(db, { submission_id: s, kind: 'approved', actor_id: reviewer.id });
    expect(await story(s)).toEqual([]);
    expect(spies.notify).toEqual([]);
  });
});

describe('every status change is recorded where it happens', () => {
  const PROPS = 'id status';
  const approve = (id: number, p: string) => server.gql(`mutation ($id: Int!, $p: DateTime) { r: approveSubmission(id: $id, publish_at: $p) { ${PROPS} } }`, { id, p }, { token: reviewer.token });
  const reject = (id: number, m: string) => server.gql(`mutation ($id: Int!, $m: String) { r: rejectSubmission(id: $id, reason_ids: [], message: $m) { ${PROPS} } }`, { id, m }, { token: reviewer.token });
  const undo = (id: number) => server.gql(`mutation ($id: Int!) { r: undoReviewDecision(id: $id) { ${PROPS} } }`, { id }, { token: reviewer.token });

  it('submitting (updateSubmissionStatus)', async () => {
    const created = await server.gql('mutation { r: createMod(name: "Story mod", description: "A mod that tells its own story well") { id } }', {}, { token: owner.token });
    const id = created.data!.r.id as number;
    const cat = (await server.gql('{ categories(name: "Sofas") { id attribute_groups { attribute_type { attribute_type_id } attributes { id } } } }', {}, { token: owner.token })).data!.categories[0];
    const tag = cat.attribute_groups.find((g: { attribute_type: { attribute_type_id: number } }) => g.attribute_type.attribute_type_id === 8).attributes[0].id;
    await server.gql('mutation ($id: Int!, $input: SubmissionPropertiesInput!) { updateSubmissionProperties(id: $id, input: $input) { id } }', { id, input: { keywords: 'story, mod', category_id: cat.id, attributes: [tag] } }, { token: owner.token });
    await server.database.db.insert(images).values({ submission_id: id, member_id: owner.id, filename: 'front.png', mimetype: 'image/png', filesize: 10, width: 1024, height: 768, sha256: 'y', storage_key: 'y' });
    await buildSubmittableFiles(server.database.db, id, 'mod');
    const res = await server.gql('mutation ($id: Int!) { updateSubmissionStatus(id: $id, status: "SUBMITTED") { status } }', { id }, { token: owner.token });
    expect(res.errors).toBeUndefined();
    expect((await lastEntry(id)).text).toBe(`Submitted for review by ${owner.username}.`);
    expect(spies.notify).toEqual([]);
  });

  it('a failed test (updateSubmissionTest finishing FAILED), and not a passed one', async () => {
    const s = await buildSubmission(server.database.db, owner.id, { status: 'SUBMITTED' });
    const open = async () => (await server.gql('mutation ($s: Int!) { r: createSubmissionTest(submission_id: $s) { id } }', { s }, { token: tester.token })).data!.r.id as number;
    const finish = (id: number, result: string) =>
      server.gql('mutation ($id: Int!, $r: String) { r: updateSubmissionTest(id: $id, status: "DONE", test_result: $r, test_notes: "The legs float.") { id status } }', { id, r: result }, { token: tester.token });
    expect((await finish(await open(), 'PASSED')).errors).toBeUndefined();
    expect(await story(s)).toEqual([]);
    expect((await finish(await open(), 'FAILED')).errors).toBeUndefined();
    expect((await lastEntry(s)).text).toBe(`A test failed by ${tester.username}; see the test notes on the creation.`);
    expect(spies.notify).toEqual([expect.objectContaining({ member_id: owner.id, type: 'test_failed' })]);
  });

  it('approval, its undo, rejection, then publication', async () => {
    const s = await buildSubmission(server.database.db, owner.id, { name: 'Story lamp', status: 'SUBMITTED' });
    const at = new Date(Date.now() + 3_600_000);
    at.setUTCMinutes(0, 0, 0);
    expect((await approve(s, at.toISOString())).errors).toBeUndefined();
    expect((await lastEntry(s)).text).toBe(`Approved by ${reviewer.username}; publishes on ${formatUtc(at)}.`);
    expect(spies.notify).toEqual([expect.objectContaining({ type: 'approved', message: `“Story lamp” was approved and publishes on ${formatUtc(at)}.` })]);

    spies.notify.length = 0;
    expect((await undo(s)).errors).toBeUndefined();
    expect((await lastEntry(s)).text).toBe(`Decision undone by ${reviewer.username} (the approval); the creation is SUBMITTED again.`);
    expect(spies.notify).toEqual([]);

    expect((await reject(s, 'The lamp gives no light.')).errors).toBeUndefined();
    expect((await lastEntry(s)).text).toBe(`Rejected by ${reviewer.username}: The lamp gives no light.`);
    expect(spies.notify).toEqual([expect.objectContaining({ type: 'rejected', reference: `/my-creations/edit/step-1/mod/${s}` })]);
    await undo(s);

    spies.notify.length = 0;
    const past = new Date(Date.now() - 60_000);
    const p = await buildSubmission(server.database.db, owner.id, { name: 'Story rug', status: 'APPROVED', publish_at: past });
    const { published } = await publishDue(server.database.db);
    expect(published).toContain(p);
    expect((await lastEntry(p)).text).toBe(`Published on ${formatUtc(past)}.`);
    expect((await lastEntry(p)).member_id).toBeNull();
    expect(spies.notify).toContainEqual(expect.objectContaining({ member_id: owner.id, type: 'published', message: '“Story rug” is published.' }));
    const threads = (await story(s))[0]!.threads.map((t) => t.type);
    expect(new Set(threads)).toEqual(new Set(['lineitem']));
  });

  it('an approved update request and a report', async () => {
    const s = await buildSubmission(server.database.db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000) });
    const [request] = await server.database.db.insert(updateRequests).values({ submission_id: s, member_id: owner.id, message: 'New colours' }).returning();
    const decided = await server.gql('mutation ($id: Int!) { updateSubmissionUpdateRequest(id: $id, status: "APPROVED") { status } }', { id: request!.id }, { token: reviewer.token });
    expect(decided.errors).toBeUndefined();
    expect((await lastEntry(s)).text).toBe(`Update approved by ${reviewer.username}; the new files are live.`);
    expect(spies.notify).toEqual([expect.objectContaining({ type: 'update_approved' })]);

    const reported = await server.gql('mutation ($s: Int!) { createSubmissionReport(submission_id: $s, type: "broken") { id } }', { s }, { token: member.token });
    expect(reported.errors).toBeUndefined();
    const entry = await lastEntry(s);
    expect(entry.text).toBe('Reported by a member: Broken or not working in the game');
    expect(entry.text).not.toContain(member.username);
    expect(spies.notify.at(-1)).toMatchObject({ member_id: owner.id, type: 'report' });
  });

  it('creators read the story in their conversation, as system entries without an author', async () => {
    const s = await buildSubmission(server.database.db, owner.id, { status: 'SUBMITTED' });
    await reject(s, 'Needs better pictures.');
    const [c] = await story(s);
    const res = await server.gql('query ($id: Int!) { conversation(id: $id) { status threads { type text author { MemberID } } customFields { name value } } }', { id: c!.id }, { token: owner.token });
    expect(res.data!.conversation).toEqual({
      status: 'closed',
      threads: [{ type: 'lineitem', text: `Rejected by ${reviewer.username}: Needs better pictures.`, author: null }],
      customFields: [{ name: 'submission_id', value: String(s) }],
    });
    const rows = await server.database.db.select().from(conversationTags).where(and(eq(conversationTags.conversation_id, c!.id), eq(conversationTags.tag, 'user-read')));
    expect(rows).toHaveLength(1);
  });
});
