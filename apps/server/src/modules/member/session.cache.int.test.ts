import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { memberRoles, members, roles, sessions } from '../../db/schema/index';
import { buildMember, buildRole } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { openSessions, type Sessions } from './session.cache';
import { hashToken, loadSession, type SessionRow } from './session.sql';

const statements: string[] = [];
const server = useTestServer({ SESSION_CACHE_SECONDS: '30' }, { onQuery: (statement) => statements.push(statement) });

const ME = 'query { me { MemberID roles { name permissions { name } } } }';
const LOGOUT = 'mutation { logout }';
const PROTECTED = 'query { myCounters { created } }';
const SIGNED_OUT = 'You have been signed out. Please sign in again.';
/** Why a signed-in query was refused with this token, or null when it was answered. */
const refusal = async (token: string) => ((await server.gql(PROTECTED, {}, { token })).errors?.[0]?.extensions?.reason as string | undefined) ?? null;
/** The statements that looked a session up. */
const lookups = () => statements.filter((s) => /from "?sessions"? s join "?members"? m/i.test(s)).length;

const opened: Sessions[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A lookup of its own on the test database, with the listening state in the test's hands. */
async function sessionsFor(options: { seconds?: number; now?: () => number; lookUp?: (hash: string) => Promise<SessionRow | null> } = {}) {
  let setListening: (listening: boolean) => void = () => {};
  const database: Database = {
    ...server.database,
    listen: (channel, handler, onListening) =>
      server.database.listen(channel, handler, (listening) => {
        setListening = (value) => onListening?.(value);
        onListening?.(listening);
      }),
  };
  const found = await openSessions(database, { seconds: options.seconds ?? 30, ...options });
  opened.push(found);
  return { sessions: found, setListening: (value: boolean) => setListening(value) };
}

describe('sessions kept for a few seconds', () => {
  it('looks a token up once for many requests, and once for requests sent together', async () => {
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    const before = lookups();
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.gql(ME, {}, { token })));
    for (const answer of answers) expect(answer.data!.me.MemberID).toBe(member.id);
    expect(lookups() - before).toBe(1);
    expect((await server.gql(ME, {}, { token })).data!.me.MemberID).toBe(member.id);
    expect(lookups() - before).toBe(1);
  });

  it('refuses a signed-out token from the very next request', async () => {
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    expect((await server.gql(ME, {}, { token })).data!.me.MemberID).toBe(member.id);
    expect((await server.gql(LOGOUT, {}, { token })).data!.logout).toBe(true);
    expect(await refusal(token)).toBe(SIGNED_OUT);
    expect((await server.gql(ME, {}, { token })).data!.me).toBeNull();
  });

  it('sees a role given straight in the database, and a role taken away', async () => {
    const role = await buildRole(server.database.db, `Cache role ${Date.now()}`, ['submissions:page-waiting:view']);
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    const roleNames = async () => ((await server.gql(ME, {}, { token })).data!.me.roles as { name: string }[]).map((r) => r.name);
    expect(await roleNames()).toEqual([]);
    const [row] = await server.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    await server.database.db.insert(memberRoles).values({ member_id: member.id, role_id: row!.id });
    await vi.waitFor(async () => expect(await roleNames()).toEqual([role]), { timeout: 3000, interval: 20 });
    await server.database.db.delete(memberRoles).where(eq(memberRoles.member_id, member.id));
    await vi.waitFor(async () => expect(await roleNames()).toEqual([]), { timeout: 3000, interval: 20 });
  });

  it("forgets a member who is deleted, and a session revoked by another process's SQL", async () => {
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    const other = await buildMember(server.database.db);
    const otherToken = await server.tokenFor(other.id);
    expect((await server.gql(ME, {}, { token })).data!.me.MemberID).toBe(member.id);
    expect((await server.gql(ME, {}, { token: otherToken })).data!.me.MemberID).toBe(other.id);
    await server.database.db.update(members).set({ deleted_at: new Date() }).where(eq(members.id, member.id));
    await server.database.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(otherToken)]);
    await vi.waitFor(async () => expect((await server.gql(ME, {}, { token })).data!.me).toBeNull(), { timeout: 3000, interval: 20 });
    await vi.waitFor(async () => expect(await refusal(otherToken)).toBe(SIGNED_OUT), { timeout: 3000, interval: 20 });
  });

  it('never keeps an unknown token', async () => {
    const before = server.app.sessions.size();
    for (let i = 0; i < 20; i++) expect((await server.gql(ME, {}, { token: `made-up-${i}` })).data!.me).toBeNull();
    expect(server.app.sessions.size()).toBeLessThanOrEqual(before);
  });

  it('keeps a session for its seconds only', async () => {
    const member = await buildMember(server.database.db);
    const hash = hashToken(await server.tokenFor(member.id));
    let clock = 1_000_000;
    let read = 0;
    const { sessions: kept } = await sessionsFor({ seconds: 2, now: () => clock, lookUp: (h) => (read++, loadSession(server.database.db, h)) });
    expect((await kept.find(hash))?.id).toBe(member.id);
    clock += 1_999;
    expect((await kept.find(hash))?.id).toBe(member.id);
    expect(read).toBe(1);
    clock += 2;
    expect((await kept.find(hash))?.id).toBe(member.id);
    expect(read).toBe(2);
  });

  it('keeps nothing while it does not hear the announcements, and forgets all when it hears again', async () => {
    const member = await buildMember(server.database.db);
    const hash = hashToken(await server.tokenFor(member.id));
    let read = 0;
    const { sessions: kept, setListening } = await sessionsFor({ lookUp: (h) => (read++, loadSession(server.database.db, h)) });
    await kept.find(hash);
    await kept.find(hash);
    expect(read).toBe(1);
    setListening(false);
    expect(kept.size()).toBe(0);
    await kept.find(hash);
    await kept.find(hash);
    expect(read).toBe(3);
    expect(kept.size()).toBe(0);
    setListening(true);
    await kept.find(hash);
    await kept.find(hash);
    expect(read).toBe(4);
  });

  it('does not keep a lookup that was under way when a change was announced', async () => {
    const member = await buildMember(server.database.db);
    const hash = hashToken(await server.tokenFor(member.id));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read = 0;
    const { sessions: kept } = await sessionsFor({
      lookUp: async (h) => {
        read++;
        const row = await loadSession(server.database.db, h);
        if (read === 1) await gate;
        return row;
      },
    });
    const slow = kept.find(hash);
    // Announced the way every change is: a statement the triggers see, committed.
    await server.database.db.update(members).set({ username: `Renamed ${Date.now()}` }).where(eq(members.id, member.id));
    await vi.waitFor(() => expect(read).toBe(1));
    // After the announcement a new request does not join the old lookup. Until it arrives (on the
    // PostgreSQL server, over another connection) a request joins the held lookup: given up on here.
    const within = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]);
    await vi.waitFor(async () => {
      const fresh = await within(kept.find(hash));
      expect(fresh?.username).toMatch(/^Renamed /);
    }, { timeout: 5000, interval: 20 });
    release();
    expect((await slow)?.id).toBe(member.id);
    const readBefore = read;
    expect((await kept.find(hash))?.username).toMatch(/^Renamed /);
    expect(read).toBe(readBefore);
  });

  it('shares one frozen row between the requests that find it', async () => {
    const member = await buildMember(server.database.db);
    const hash = hashToken(await server.tokenFor(member.id));
    const { sessions: kept } = await sessionsFor();
    const [first, second] = await Promise.all([kept.find(hash), kept.find(hash)]);
    expect(first).toBe(second);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first!.roles as unknown[]).push({})).toThrow();
  });

  // The embedded database runs in this process: it has no connection to cut.
  it.runIf(inject('dbTemplate').kind === 'postgres')('hears again after its connection to the server is cut (PostgreSQL server)', async () => {
    const member = await buildMember(server.database.db);
    const hash = hashToken(await server.tokenFor(member.id));
    let read = 0;
    const kept = await openSessions(server.database, { seconds: 30, lookUp: (h) => (read++, loadSession(server.database.db, h)) });
    opened.push(kept);
    await kept.find(hash);
    expect(kept.size()).toBe(1);
    await server.database.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "corner_auth"'`);
    await vi.waitFor(() => expect(kept.size()).toBe(0), { timeout: 3000, interval: 20 });
    // Listening again (after a second): kept once more.
    await vi.waitFor(async () => {
      await kept.find(hash);
      expect(kept.size()).toBe(1);
    }, { timeout: 5000, interval: 100 });
    expect(read).toBeGreaterThanOrEqual(2);
  });
});

describe('what announces a change (migration 0026)', () => {
  it('is every table a session lookup reads, and not a new session', async () => {
    const heard: string[] = [];
    const stop = await server.database.listen('corner_auth', (payload) => heard.push(payload));
    try {
      const member = await buildMember(server.database.db);
      const count = async (change: () => Promise<unknown>) => {
        heard.length = 0;
        await change();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return heard.length;
      };
      expect(await count(() => server.tokenFor(member.id))).toBe(0);
      expect(await count(() => server.database.db.update(members).set({ email: `x-${Date.now()}@corner.test` }).where(eq(members.id, member.id)))).toBe(1);
      expect(await count(() => server.database.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.member_id, member.id)))).toBe(1);
      expect(await count(() => server.database.db.execute(sql`update role_permissions set role_id = role_id where false`))).toBe(1);
      expect(await count(() => server.database.db.execute(sql`update permissions set name = name where false`))).toBe(1);
      expect(await count(() => server.database.db.execute(sql`update roles set name = name where false`))).toBe(1);
    } finally {
      await stop();
    }
  });
});
