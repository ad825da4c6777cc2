import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalPaths } from '@corner/domain';
import { emails, notifications } from '../../db/schema/index';
import { buildMember } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from '../live/live.service';
import { dispatchPendingEmails, SEND_EMAIL_JOB } from './email.service';
import { notify } from './notification.service';
import type { JobQueue } from '../../jobs/job';

/** The member's own notifications: listing newest first with the unseen count, and marking them seen. */
const server = useTestServer();

const LIST = `query ($first: Int, $page: Int, $unseen: Boolean) {
  getNotifications(first: $first, page: $page, unseen_only: $unseen) {
    data { id type seen message reference createdAt }
    paginatorInfo { count total currentPage hasMorePages }
    unseen
  }
}`;
const CLEAR = 'mutation ($ids: [Int!]) { clearNotifications(ids: $ids) }';

interface Caller {
  id: number;
  token: string;
}
let alice: Caller;
let bob: Caller;

async function caller(): Promise<Caller> {
  const m = await buildMember(server.database.db);
  return { id: m.id, token: await server.tokenFor(m.id) };
}

async function idsOf(memberId: number): Promise<number[]> {
  const rows = await server.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.member_id, memberId)).orderBy(notifications.id);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  alice = await caller();
  bob = await caller();
  const db = server.database.db;
  await notify(db, { member_id: alice.id, type: 'approved', message: 'Your creation “Chair” was approved.', reference: portalPaths.creation('mod', 1) });
  await notify(db, { member_id: alice.id, type: 'reply', message: 'Staff replied to “Help”.', reference: portalPaths.conversation(7) });
  await notify(db, { member_id: alice.id, type: 'rejected', message: 'Your creation “Table” was rejected.', reference: null });
  await notify(db, { member_id: bob.id, type: 'reply', message: 'For Bob only.', reference: portalPaths.conversation(8) });
});

describe('getNotifications', () => {
  it('lists the member’s own, newest first, with the unseen count', async () => {
    const res = await server.gql(LIST, {}, { token: alice.token });
    expect(res.errors).toBeUndefined();
    const list = res.data!.getNotifications;
    expect(list.data.map((n: { type: string }) => n.type)).toEqual(['rejected', 'reply', 'approved']);
    expect(list.data[1]).toEqual({ id: expect.any(Number), type: 'reply', seen: false, message: 'Staff replied to “Help”.', reference: '/messages/7', createdAt: expect.any(String) });
    expect(list.data[0].reference).toBeNull();
    expect(list.unseen).toBe(3);
    expect(list.paginatorInfo).toEqual({ count: 3, total: 3, currentPage: 1, hasMorePages: false });
  });

  it('pages', async () => {
    const res = await server.gql(LIST, { first: 2, page: 2 }, { token: alice.token });
    expect(res.data!.getNotifications.data.map((n: { type: string }) => n.type)).toEqual(['approved']);
    expect(res.data!.getNotifications.paginatorInfo).toEqual({ count: 1, total: 3, currentPage: 2, hasMorePages: false });
  });

  it('is refused without sign-in', async () => {
    const res = await server.gql(LIST, {});
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_SIGNED_IN' });
  });
});

describe('clearNotifications', () => {
  it('is refused without sign-in and changes nothing', async () => {
    const res = await server.gql(CLEAR, {});
    expect(res.errors?.[0]?.extensions).toMatchObject({ category: 'authorization', code: 'NOT_SIGNED_IN' });
    const rows = await server.database.db.select().from(notifications).where(inArray(notifications.member_id, [alice.id, bob.id]));
    expect(rows.every((r) => !r.seen)).toBe(true);
  });

  it('marks the given ids seen, ignores other members’ ids, and tells the member’s other tabs', async () => {
    const [first, second] = await idsOf(alice.id);
    const [bobs] = await idsOf(bob.id);
    const events: LiveEvent[] = [];
    const stop = await server.database.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event) events.push(event);
    });
    try {
      const res = await server.gql(CLEAR, { ids: [first, bobs] }, { token: alice.token });
      expect(res.errors).toBeUndefined();
      expect(res.data!.clearNotifications).toBe(1);
      await expect.poll(() => events.some((e) => e.kind === 'notification' && Array.isArray(e.to) && e.to.includes(alice.id))).toBe(true);
    } finally {
      await stop();
    }
    const [bobRow] = await server.database.db.select().from(notifications).where(eq(notifications.id, bobs!));
    expect(bobRow!.seen).toBe(false);

    const unseen = await server.gql(LIST, { unseen: true }, { token: alice.token });
    expect(unseen.data!.getNotifications.data.map((n: { id: number }) => n.id)).not.toContain(first);
    expect(unseen.data!.getNotifications.data.map((n: { id: number }) => n.id)).toContain(second);
    expect(unseen.data!.getNotifications.unseen).toBe(2);
    expect(unseen.data!.getNotifications.paginatorInfo.total).toBe(2);

    // Clearing again changes nothing; an empty list clears nothing.
    expect((await server.gql(CLEAR, { ids: [first] }, { token: alice.token })).data!.clearNotifications).toBe(0);
    expect((await server.gql(CLEAR, { ids: [] }, { token: alice.token })).data!.clearNotifications).toBe(0);
  });

  it('marks all of the member’s own seen when ids is omitted, and no one else’s', async () => {
    const res = await server.gql(CLEAR, {}, { token: alice.token });
    expect(res.data!.clearNotifications).toBe(2);
    const after = await server.gql(LIST, {}, { token: alice.token });
    expect(after.data!.getNotifications.unseen).toBe(0);
    expect(after.data!.getNotifications.data.every((n: { seen: boolean }) => n.seen)).toBe(true);
    const bobs = await server.gql(LIST, {}, { token: bob.token });
    expect(bobs.data!.getNotifications.unseen).toBe(1);
    expect(bobs.data!.getNotifications.data).toEqual([expect.objectContaining({ message: 'For Bob only.', seen: false })]);
  });
});

describe('dispatching the outbox', () => {
  it('claims each pending e-mail once, even with two dispatchers at once', async () => {
    const m = await buildMember(server.database.db);
    const rows = await server.database.db
      .insert(emails)
      .values([1, 2, 3, 4, 5].map((i) => ({ member_id: m.id, to_address: m.email, kind: 'reply', subject: `s${i}`, text: 't', html: 'h' })))
      .returning({ id: emails.id });
    const sent: { name: string; id: number; jobId: string | undefined }[] = [];
    const jobs: JobQueue = {
      send: (name, data, options) => {
        sent.push({ name, id: (data as { id: number }).id, jobId: options?.id });
        return Promise.resolve(options?.id ?? null);
      },
      wake: () => {},
      status: () => Promise.resolve(null),
      wait: () => Promise.resolve(null),
      findUnfinished: () => Promise.resolve(null),
    };
    const results = await Promise.all([dispatchPendingEmails({ database: server.database, jobs }), dispatchPendingEmails({ database: server.database, jobs })]);
    const ours = sent.filter((s) => rows.some((r) => r.id === s.id));
    expect(ours.map((s) => s.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    expect(ours.every((s) => s.name === SEND_EMAIL_JOB)).toBe(true);
    expect(results.reduce((n, r) => n + r.dispatched, 0)).toBe(sent.length);
    const after = await server.database.db.select().from(emails).where(eq(emails.member_id, m.id));
    for (const row of after) expect(row.job_id).toBe(ours.find((s) => s.id === row.id)!.jobId);
    // Nothing left to claim.
    expect((await dispatchPendingEmails({ database: server.database, jobs })).dispatched).toBe(0);
  });
});
