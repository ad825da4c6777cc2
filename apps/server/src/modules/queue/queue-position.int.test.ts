import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logs, submissions } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { decisionsPerDay } from './queue-position.service';

/**
 * "Number N in the queue" and the estimate (issue 15): the creation's place in the awaiting-approval
 * queue in the queue's own order, and a range from hand-built decision history.
 */
const server = useTestServer();
const POSITION = `query ($id: Int!) { submissionProperties(id: $id) { queue_position { position waiting estimate_low_days estimate_high_days decisions } } }`;
const DAY = 86_400_000;

async function positionOf(id: number, token: string) {
  const res = await server.gql(POSITION, { id }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.submissionProperties.queue_position as Record<string, number | null> | null;
}

describe('queue position', () => {
  it('counts the creations ahead in the queue’s order, says so plainly without history, then estimates a range', async () => {
    const db = server.database.db;
    const creator = await buildMember(db);
    const token = await server.tokenFor(creator.id);
    // Three waiting creations, changed an hour apart: the oldest change is taken first.
    const ids: number[] = [];
    for (const hoursAgo of [3, 2, 1]) {
      const id = await buildSubmission(db, creator.id, { status: 'SUBMITTED' });
      await db.update(submissions).set({ updated_at: new Date(Date.now() - hoursAgo * 3_600_000) }).where(eq(submissions.id, id));
      ids.push(id);
    }
    const draft = await buildSubmission(db, creator.id);
    const waitingBefore = (await positionOf(ids[0]!, token))!.waiting as number;

    expect(await positionOf(draft, token)).toBeNull();
    const third = await positionOf(ids[2]!, token);
    expect(third).toMatchObject({ position: 3 + (waitingBefore - 3), estimate_low_days: null, estimate_high_days: null, decisions: 0 });
    expect((await positionOf(ids[0]!, token))!.position).toBe(1 + (waitingBefore - 3));

    // Two decisions a day for the last four weeks: a pace of 2 a day.
    const history = Array.from({ length: 28 }, (_, day) => [0, 1].map((n) => ({ submission_id: draft, entity: 'submission', action: n ? 'approved' : 'rejected', created_at: new Date(Date.now() - day * DAY - 60_000) })));
    await db.insert(logs).values(history.flat());
    // Not decisions: other log entries are not counted.
    await db.insert(logs).values({ submission_id: draft, entity: 'submission', action: 'updated', created_at: new Date() });
    const perDay = await decisionsPerDay(db);
    expect(perDay).toHaveLength(28);
    expect(perDay.reduce((a, b) => a + b, 0)).toBe(56);
    const estimated = await positionOf(ids[2]!, token);
    const position = estimated!.position as number;
    expect(estimated).toMatchObject({ decisions: 56, estimate_low_days: Math.max(1, Math.ceil(position / 3)), estimate_high_days: Math.max(1, Math.ceil(position / 1.5)) });
  });
});
