import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePermission } from '@corner/domain';
import { buildMember, buildRole } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { publishLive } from './live.service';

/** Live events reach the right subscribers over server-sent events, and only after a commit. */
const server = useTestServer();

const SUBSCRIBE = 'subscription Live { liveEvents { kind conversationId } }';

let base: string;
let creator: { id: number; token: string };
let other: { id: number; token: string };
let staff: { id: number; token: string };

beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const db = server.database.db;
  const role = await buildRole(db, 'Live message staff', [pagePermission('messages', 'view')]);
  const [c, o, s] = await Promise.all([buildMember(db), buildMember(db), buildMember(db, { roles: [role] })]);
  creator = { id: c.id, token: await server.tokenFor(c.id) };
  other = { id: o.id, token: await server.tokenFor(o.id) };
  staff = { id: s.id, token: await server.tokenFor(s.id) };
});

interface Stream {
  /** Data payloads received so far. */
  events: { kind: string; conversationId: number | null }[];
  /** Errors the stream carried. */
  errors: unknown[];
  /** Resolves once `count` events arrived (or rejects after the test's own timeout). */
  waitFor(count: number): Promise<void>;
  close(): void;
}

/** Opens the subscription as a browser does (POST, Accept: text/event-stream) and collects events. */
async function subscribe(token: string | null): Promise<Stream> {
  const sizeBefore = server.app.live.size();
  const controller = new AbortController();
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: token ? `Bearer ${token}` : '' },
    body: JSON.stringify({ query: SUBSCRIBE, operationName: 'Live' }),
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const stream: Stream = {
    events: [],
    errors: [],
    waitFor: (count) =>
      new Promise((resolve) => {
        const check = () => (stream.events.length + stream.errors.length >= count ? resolve() : setTimeout(check, 20));
        check();
      }),
    close: () => controller.abort(),
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('');
          if (!data) continue;
          const message = JSON.parse(data) as { data?: { liveEvents: Stream['events'][number] }; errors?: unknown[] };
          if (message.data?.liveEvents) stream.events.push(message.data.liveEvents);
          if (message.errors) stream.errors.push(...message.errors);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  // Listening once the hub counts it (or refused with an error).
  await new Promise<void>((resolve) => {
    const check = () => (stream.errors.length || server.app.live.size() > sizeBefore ? resolve() : setTimeout(check, 10));
    check();
  });
  return stream;
}

describe('liveEvents', () => {
  it('delivers a committed event to its member and staff events to message staff only', async () => {
    const mine = await subscribe(creator.token);
    const others = await subscribe(other.token);
    const staffStream = await subscribe(staff.token);

    await server.database.db.transaction(async (tx) => {
      await publishLive(tx, { kind: 'notification', to: [creator.id] });
      await publishLive(tx, { kind: 'conversation', to: 'staff', conversationId: 7 });
      await publishLive(tx, { kind: 'email', to: [] });
    });
    // A rolled-back change announces nothing.
    await expect(
      server.database.db.transaction(async (tx) => {
        await publishLive(tx, { kind: 'notification', to: [creator.id, other.id] });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A marker after the rollback: once it arrives, anything from the rollback would have too.
    await server.database.db.transaction((tx) => publishLive(tx, { kind: 'conversation', to: [creator.id, other.id, staff.id], conversationId: 9 }));

    await Promise.all([mine.waitFor(2), others.waitFor(1), staffStream.waitFor(2)]);
    expect(mine.events).toEqual([
      { kind: 'notification', conversationId: null },
      { kind: 'conversation', conversationId: 9 },
    ]);
    expect(others.events).toEqual([{ kind: 'conversation', conversationId: 9 }]);
    expect(staffStream.events).toEqual([
      { kind: 'conversation', conversationId: 7 },
      { kind: 'conversation', conversationId: 9 },
    ]);
    for (const s of [mine, others, staffStream]) s.close();
  });

  it('refuses a visitor who is not signed in', async () => {
    const anonymous = await subscribe(null);
    await anonymous.waitFor(1);
    expect(anonymous.events).toEqual([]);
    expect(JSON.stringify(anonymous.errors)).toMatch(/sign|auth/i);
    anonymous.close();
  });
});
