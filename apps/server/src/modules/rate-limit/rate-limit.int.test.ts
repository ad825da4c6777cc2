import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { pngBytes } from '../../test/uploads';
import { countRequest, WINDOW_MS } from './rate-limit.service';

// Two searches and one upload a minute per member (eight searches and four uploads per address).
const server = useTestServer({ RATE_LIMIT_SEARCHES_PER_MINUTE: '2', RATE_LIMIT_UPLOADS_PER_MINUTE: '1', RATE_LIMIT_HEAVY_PER_MINUTE: '1' });

const SEARCH = 'query { myItemsSearch(queryParams: {first: 5}) { data { id } } }';

async function post(body: unknown, options: { token: string; ip?: string; app?: typeof server.app }) {
  const response = await (options.app ?? server.app).inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    remoteAddress: options.ip ?? '10.1.0.1',
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] } };
}

/** Waits for the next minute's window when this one ends within 10 s, so that requests meant for one window fall in it. */
async function withinOneWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

async function member(ip = '10.1.0.1') {
  const m = await buildMember(server.database.db);
  return { id: m.id, token: await server.tokenFor(m.id), ip };
}

describe('rate limits (issue 13)', () => {
  it('answers the third search of a minute with HTTP 429, Retry-After and a GraphQL error that says when to retry', async () => {
    const creator = await member('10.1.1.1');
    await withinOneWindow();
    expect((await post({ query: SEARCH }, creator)).status).toBe(200);
    expect((await post({ query: SEARCH }, creator)).status).toBe(200);
    const refused = await post({ query: SEARCH }, creator);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      {
        message: `Too many searches in a short time. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        extensions: { code: 'RATE_LIMITED', category: 'throttled', retryAfter: seconds },
      },
    ]);
  });

  it('never counts cheap operations, and counts each aliased search of one request', async () => {
    const creator = await member('10.1.2.1');
    for (let i = 0; i < 5; i += 1) expect((await post({ query: 'query { me { MemberID } myItemsCount }' }, creator)).status).toBe(200);
    const three = await post({ query: 'query { a: myItemsSearch { data { id } } b: myItemsSearch { data { id } } c: myItemsSearch { data { id } } }' }, creator);
    expect(three.status).toBe(429);
    expect(three.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
  });

  it('keeps members apart, and limits an address at four times a member', async () => {
    const ip = '10.1.3.1';
    const people = await Promise.all([member(ip), member(ip), member(ip), member(ip), member(ip)]);
    await withinOneWindow();
    const statuses: number[] = [];
    for (const person of people) for (let i = 0; i < 2; i += 1) statuses.push((await post({ query: SEARCH }, person)).status);
    // Four members use the address's eight searches; the fifth member, within their own two, is refused by the address.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const elsewhere = await member('10.1.3.2');
    expect((await post({ query: SEARCH }, elsewhere)).status).toBe(200);
  });

  it('is shared by every process on the database', async () => {
    const second = await buildApp({ config: server.config, database: server.database, serveWeb: false, logger: false, storage: server.storage });
    try {
      const creator = await member('10.1.4.1');
      await withinOneWindow();
      expect((await post({ query: SEARCH }, creator)).status).toBe(200);
      expect((await post({ query: SEARCH }, { ...creator, app: second })).status).toBe(200);
      expect((await post({ query: SEARCH }, creator)).status).toBe(429);
      expect((await post({ query: SEARCH }, { ...creator, app: second })).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('starts a new window each minute', async () => {
    const subject = { memberId: (await member()).id, ip: '10.1.5.1' };
    const start = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 1000;
    expect(await countRequest(server.database.db, server.config, subject, 'searches', 2, start)).toBeNull();
    expect(await countRequest(server.database.db, server.config, subject, 'searches', 1, start + 30_000)).toEqual({ rateClass: 'searches', retryAfterSeconds: 29 });
    expect(await countRequest(server.database.db, server.config, subject, 'searches', 2, start + WINDOW_MS)).toBeNull();
  });

  it('limits uploads before a byte is stored', async () => {
    const creator = await member();
    const id = await buildSubmission(server.database.db, creator.id);
    const query = 'mutation ($id: Int!, $file: Upload!) { createSubmissionImage(submission_id: $id, file: $file) { id } }';
    const png = { name: 'a.png', content: await pngBytes() };
    const first = await server.upload(query, { id }, { 'variables.file': png }, { token: creator.token });
    expect(first.statusCode).toBe(200);
    expect(first.errors).toBeUndefined();
    const second = await server.upload(query, { id }, { 'variables.file': png }, { token: creator.token });
    expect(second.statusCode).toBe(429);
    expect(second.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(second.errors?.[0]?.message).toMatch(/^Too many uploads in a short time\. Try again in \d+ seconds?\.$/);
  });

  it('counts nothing for a class set to 0', async () => {
    const off = { ...server.config, RATE_LIMIT_HEAVY_PER_MINUTE: 0 };
    const subject = { memberId: (await member()).id, ip: '10.1.6.1' };
    for (let i = 0; i < 5; i += 1) expect(await countRequest(server.database.db, off, subject, 'heavy')).toBeNull();
    // The same five with the class on: the second is already over one a minute.
    const on = await Promise.all([0, 1].map(() => countRequest(server.database.db, server.config, { ...subject, ip: '10.1.6.2' }, 'heavy')));
    expect(on.filter((refusal) => refusal !== null)).toHaveLength(1);
  });
});
