import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queueSnapshots, submissions } from '../../db/schema/index';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { utcDay } from './queue.service';

/** Staff's view of the waits (issue 15): per queue, the median wait, the oldest and the trend. */
const server = useTestServer();
const WAITS = `{ queueWaits { queue size median_hours oldest { id name hours } size_week_ago } }`;

describe('queueWaits', () => {
  it('gives each queue that waits on staff its median wait, its oldest creation and its size a week ago', async () => {
    const db = server.database.db;
    const creator = await buildMember(db);
    const ages = [2, 10, 30]; // hours since the last change
    const ids: number[] = [];
    for (const [n, hours] of ages.entries()) {
      const id = await buildSubmission(db, creator.id, { status: 'SUBMITTED', name: `Waiting ${n}` });
      await db.update(submissions).set({ updated_at: new Date(Date.now() - hours * 3_600_000) }).where(eq(submissions.id, id));
      ids.push(id);
    }
    await db.insert(queueSnapshots).values({ day: utcDay(new Date(Date.now() - 7 * 86_400_000)), queue: 'waiting', count: 1 });
    const admin = await buildMember(db, { roles: ['Admin'] });
    const res = await server.gql(WAITS, {}, { token: await server.tokenFor(admin.id) });
    expect(res.errors).toBeUndefined();
    const waits = res.data!.queueWaits as { queue: string; size: number; median_hours: number | null; oldest: { id: number; name: string; hours: number } | null; size_week_ago: number | null }[];
    expect(waits.map((w) => w.queue)).toEqual(['waiting', 'testing', 'updatesTesting', 'failedTesting', 'updatesFailedTesting', 'reported', 'updated']);
    const waiting = waits.find((w) => w.queue === 'waiting')!;
    expect(waiting).toMatchObject({ size: 3, median_hours: 10, oldest: { id: ids[2], name: 'Waiting 2', hours: 30 }, size_week_ago: 1 });
    expect(waits.find((w) => w.queue === 'testing')).toMatchObject({ size: 0, median_hours: null, oldest: null, size_week_ago: null });
  });

  it('is for those who see the overview', async () => {
    const creator = await buildMember(server.database.db);
    const res = await server.gql(WAITS, {}, { token: await server.tokenFor(creator.id) });
    expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization' });
  });
});
