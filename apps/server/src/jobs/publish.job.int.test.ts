import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logs, submissions } from '../db/schema/index';
import { buildMember, buildSubmission } from '../test/factories';
import { useTestServer } from '../test/server';
import { publishDue } from './publish.job';

const server = useTestServer();
const HOUR = 3_600_000;

describe('scheduled publication', () => {
  it('records approved creations whose publish_at passed, once, with a log; nothing else', async () => {
    const db = server.database.db;
    const owner = (await buildMember(db)).id;
    const now = new Date('2031-03-01T12:00:00.000Z');
    const due = await buildSubmission(db, owner, { status: 'APPROVED', publish_at: new Date(now.getTime() - HOUR) });
    const exactly = await buildSubmission(db, owner, { status: 'APPROVED', publish_at: now });
    const later = await buildSubmission(db, owner, { status: 'APPROVED', publish_at: new Date(now.getTime() + HOUR) });
    const deleted = await buildSubmission(db, owner, { status: 'APPROVED', publish_at: new Date(now.getTime() - HOUR), deleted_at: now });
    const rejected = await buildSubmission(db, owner, { status: 'REJECTED', publish_at: new Date(now.getTime() - HOUR) });
    const ours = [due, exactly, later, deleted, rejected];

    const first = await publishDue(db, now);
    expect(first.published.filter((id) => ours.includes(id)).sort()).toEqual([due, exactly].sort());
    const rows = await db.select().from(submissions).where(inArray(submissions.id, ours));
    const at = (id: number) => rows.find((r) => r.id === id)!.published_at;
    expect(at(due)).toEqual(now);
    expect(at(exactly)).toEqual(now);
    for (const id of [later, deleted, rejected]) expect(at(id)).toBeNull();
    const [log] = await db.select().from(logs).where(eq(logs.submission_id, due));
    expect(log).toMatchObject({ action: 'published', entity: 'submission', member_id: null, new_values: { publish_at: expect.any(String), published_at: expect.any(String) } });

    // A second run finds nothing new; the later one is recorded once its time comes.
    expect((await publishDue(db, now)).published.filter((id) => ours.includes(id))).toEqual([]);
    expect((await publishDue(db, new Date(now.getTime() + 2 * HOUR))).published.filter((id) => ours.includes(id))).toEqual([later]);
    expect(await db.select().from(logs).where(inArray(logs.submission_id, ours))).toHaveLength(3);
  });

  it('shows in the creation history as the system', async () => {
    const db = server.database.db;
    const owner = await buildMember(db);
    const id = await buildSubmission(db, owner.id, { status: 'APPROVED', publish_at: new Date(Date.now() - HOUR) });
    await publishDue(db);
    const res = await server.gql('query ($id: Int!) { submissionLogs(submission_id: $id) { data { action member { MemberID } } } }', { id }, { token: await server.tokenFor(owner.id) });
    expect(res.data!.submissionLogs.data).toEqual([{ action: 'published', member: null }]);
  });
});
