import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '@corner/domain';
import { sessions } from '../../db/schema/index';
import { hashToken } from './session.sql';
import { buildMember } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { signLoginKey } from './member.service';

const SECRET = 'main-site-shared-secret-for-tests';
const server = useTestServer({ LOGIN_KEY_SECRET: SECRET, LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });

const LOGIN = 'mutation Login($user: String!, $password: String!) { login(user: $user, password: $password) }';
const ME = `query { me { MemberID UserName Email minisite_level roles { name permissions { id name } }
  preferences { expansion_packs { id } languages notification_on_approved } } }`;
const PROTECTED = 'query { myCounters { created } }';

let ipCounter = 0;
/** Each test signs in from its own address so address throttling does not leak between tests. */
const freshIp = () => `10.0.0.${++ipCounter}`;

describe('login', () => {
  it('returns a token that signs the member in', async () => {
    const m = await buildMember(server.database.db, { password: 'correct horse', email: 'Mixed.Case@corner.test' });
    const res = await server.gql<{ login: string }>(LOGIN, { user: 'mixed.case@corner.test', password: 'correct horse' }, { ip: freshIp() });
    expect(res.errors).toBeUndefined();
    const token = res.data!.login;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await server.gql(ME, {}, { token });
    expect(me.data!.me).toMatchObject({ MemberID: m.id, Email: 'Mixed.Case@corner.test', roles: [], minisite_level: null });
    expect(me.data!.me.preferences).toEqual({ expansion_packs: [], languages: [], notification_on_approved: true });
  });

  it('stores only a hash of the token, with an expiry', async () => {
    const m = await buildMember(server.database.db, { password: 'pw-123456' });
    const token = (await server.gql<{ login: string }>(LOGIN, { user: m.email, password: 'pw-123456' }, { ip: freshIp() })).data!.login;
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expires_at.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
  });

  it.each([
    ['wrong password', { password: 'nope' }, LOGIN_MESSAGES.wrongCredentials, 'authentication'],
    ['unknown e-mail', { user: 'nobody@corner.test' }, LOGIN_MESSAGES.wrongCredentials, 'authentication'],
    ['empty e-mail', { user: '' }, LOGIN_MESSAGES.emailMissing, 'validation'],
    ['malformed e-mail', { user: 'not-an-email' }, LOGIN_MESSAGES.emailMissing, 'validation'],
    ['empty password', { password: '' }, LOGIN_MESSAGES.passwordMissing, 'validation'],
  ])('%s gives "%s" at path login', async (_name, override, message, category) => {
    const m = await buildMember(server.database.db, { password: 'the-password' });
    const res = await server.gql(LOGIN, { user: m.email, password: 'the-password', ...override }, { ip: freshIp() });
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]).toMatchObject({ message, path: ['login'], extensions: { category } });
  });

  it('throttles an account after repeated failures, even with the right password', async () => {
    const m = await buildMember(server.database.db, { password: 'right-password' });
    for (let i = 0; i < 3; i++) {
      const res = await server.gql(LOGIN, { user: m.email, password: `wrong-${i}` }, { ip: freshIp() });
      expect(res.errors![0]!.message).toBe(LOGIN_MESSAGES.wrongCredentials);
    }
    const blocked = await server.gql(LOGIN, { user: m.email, password: 'right-password' }, { ip: freshIp() });
    expect(blocked.errors![0]).toMatchObject({ path: ['login'], extensions: { category: 'throttled', code: 'THROTTLED_ACCOUNT' } });
    expect(blocked.errors![0]!.message).toMatch(/^Too many failed sign-in attempts for this account\. Please wait \d+ minutes? and try again\.$/);
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      const res = await server.gql(LOGIN, { user: `spray-${i}@corner.test`, password: 'x' }, { ip });
      expect(res.errors![0]!.extensions!.code).toBe('WRONG_CREDENTIALS');
    }
    const m = await buildMember(server.database.db, { password: 'fine-password' });
    const blocked = await server.gql(LOGIN, { user: m.email, password: 'fine-password' }, { ip });
    expect(blocked.errors![0]!.extensions!.code).toBe('THROTTLED_ADDRESS');
    // Another address is not affected.
    const other = await server.gql<{ login: string }>(LOGIN, { user: m.email, password: 'fine-password' }, { ip: freshIp() });
    expect(other.data!.login).toBeTruthy();
  });
});

describe('tokens', () => {
  it('me is null without a token and with a bad one; protected operations refuse with a reason', async () => {
    expect((await server.gql(ME)).data!.me).toBeNull();
    expect((await server.gql(ME, {}, { token: 'garbage' })).data!.me).toBeNull();
    const anon = await server.gql(PROTECTED);
    expect(anon.errors![0]!.extensions).toMatchObject({ category: 'authorization', reason: 'You need to sign in to do this.' });
    const bad = await server.gql(PROTECTED, {}, { token: 'garbage' });
    expect(bad.errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'TOKEN_INVALID' });
  });

  it('logout revokes the token on the server', async () => {
    const m = await buildMember(server.database.db);
    const token = await server.tokenFor(m.id);
    expect((await server.gql(PROTECTED, {}, { token })).errors).toBeUndefined();
    expect((await server.gql('mutation { logout }', {}, { token })).data).toEqual({ logout: true });
    expect((await server.gql(ME, {}, { token })).data!.me).toBeNull();
    const after = await server.gql(PROTECTED, {}, { token });
    expect(after.errors![0]!.extensions).toMatchObject({
      category: 'authorization',
      reason: 'You have been signed out. Please sign in again.',
    });
  });

  it('an expired token is refused with its own reason', async () => {
    const m = await buildMember(server.database.db);
    const token = await server.tokenFor(m.id);
    await server.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hashToken(token)));
    const res = await server.gql(PROTECTED, {}, { token });
    expect(res.errors![0]!.extensions).toMatchObject({
      category: 'authorization',
      reason: 'Your session has expired. Please sign in again.',
    });
    expect((await server.gql(ME, {}, { token })).data!.me).toBeNull();
  });
});

describe('getApiKey', () => {
  const GET = 'mutation ($id: Int!, $key: String!) { getApiKey(member_id: $id, login_key: $key) }';
  const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

  it('signs in with a key from the main site, once', async () => {
    const m = await buildMember(server.database.db);
    const key = signLoginKey(SECRET, m.id, inAMinute());
    const res = await server.gql<{ getApiKey: string }>(GET, { id: m.id, key });
    expect(res.errors).toBeUndefined();
    const me = await server.gql(ME, {}, { token: res.data!.getApiKey });
    expect(me.data!.me.MemberID).toBe(m.id);
    const replay = await server.gql(GET, { id: m.id, key });
    expect(replay.errors![0]).toMatchObject({ path: ['getApiKey'], extensions: { code: 'LOGIN_KEY_INVALID' } });
  });

  it.each([
    ['expired', (id: number) => signLoginKey(SECRET, id, Math.floor(Date.now() / 1000) - 1)],
    ['signed with another secret', (id: number) => signLoginKey('another-secret-of-enough-length', id, inAMinute())],
    ['for another member', (id: number) => signLoginKey(SECRET, id + 1000, inAMinute())],
    ['malformed', () => 'not-a-key'],
  ])('refuses a key that is %s', async (_name, makeKey) => {
    const m = await buildMember(server.database.db);
    const res = await server.gql(GET, { id: m.id, key: makeKey(m.id) });
    expect(res.data).toBeNull();
    expect(res.errors![0]!.message).toBe('This sign-in link is invalid, has expired or was already used. Please sign in again from the main site.');
  });
});

describe('preferences', () => {
  const UPDATE = `mutation ($input: MemberPreferencesInput!) { updateMemberPreferences(input: $input) {
    about languages notification_on_publish feedback_option expansion_packs { id name } } }`;

  it('updates only the named fields and keeps owned packs', async () => {
    const m = await buildMember(server.database.db);
    const token = await server.tokenFor(m.id);
    const packs = (await server.gql<{ expansionPacks: { id: number }[] }>('{ expansionPacks { id } }', {}, { token })).data!.expansionPacks;
    expect(packs.length).toBeGreaterThan(10);
    const first = await server.gql(UPDATE, { input: { about: 'I build cosy cottages.', languages: ['en', 'pt-BR'], expansion_packs: [packs[2]!.id, packs[0]!.id] } }, { token });
    expect(first.errors).toBeUndefined();
    expect(first.data!.updateMemberPreferences).toMatchObject({ about: 'I build cosy cottages.', languages: ['en', 'pt-BR'], notification_on_publish: true });
    expect(first.data!.updateMemberPreferences.expansion_packs.map((p: { id: number }) => p.id).sort()).toEqual([packs[0]!.id, packs[2]!.id].sort());
    const second = await server.gql(UPDATE, { input: { notification_on_publish: false } }, { token });
    expect(second.data!.updateMemberPreferences).toMatchObject({ about: 'I build cosy cottages.', notification_on_publish: false });
    expect(second.data!.updateMemberPreferences.expansion_packs).toHaveLength(2);
  });

  it('refuses bad input with validation messages and changes nothing', async () => {
    const m = await buildMember(server.database.db);
    const token = await server.tokenFor(m.id);
    await server.gql(UPDATE, { input: { about: 'Kept' } }, { token });
    const bad = await server.gql(UPDATE, { input: { about: 'Lost', expansion_packs: [999999] } }, { token });
    expect(bad.errors![0]).toMatchObject({
      message: 'Unknown expansion pack: 999999.',
      extensions: { category: 'validation', validation: { 'input.expansion_packs': ['Unknown expansion pack: 999999.'] } },
    });
    const lang = await server.gql(UPDATE, { input: { languages: ['English!'] } }, { token });
    expect(lang.errors![0]!.extensions!.validation).toEqual({ 'input.languages.0': ['Languages are codes like "en" or "pt-BR".'] });
    const me = await server.gql(ME.replace('languages', 'languages about'), {}, { token });
    expect(me.data!.me.preferences.about).toBe('Kept');
  });

  it('keeps the colour scheme per member: auto until chosen, then light or dark on every device', async () => {
    const m = await buildMember(server.database.db);
    const other = await buildMember(server.database.db);
    const token = await server.tokenFor(m.id);
    const READ = '{ me { preferences { color_scheme } } }';
    expect((await server.gql(READ, {}, { token })).data!.me.preferences.color_scheme).toBe('auto');
    const dark = await server.gql('mutation ($input: MemberPreferencesInput!) { updateMemberPreferences(input: $input) { color_scheme } }', { input: { color_scheme: 'dark' } }, { token });
    expect(dark.data!.updateMemberPreferences.color_scheme).toBe('dark');
    // A second sign-in (another device) reads it from the server.
    expect((await server.gql(READ, {}, { token: await server.tokenFor(m.id) })).data!.me.preferences.color_scheme).toBe('dark');
    expect((await server.gql(READ, {}, { token: await server.tokenFor(other.id) })).data!.me.preferences.color_scheme).toBe('auto');
    const bad = await server.gql(UPDATE, { input: { color_scheme: 'sepia' } }, { token });
    expect(bad.errors![0]!.extensions!.validation).toEqual({ 'input.color_scheme': ['Choose auto, light or dark.'] });
    expect((await server.gql(READ, {}, { token })).data!.me.preferences.color_scheme).toBe('dark');
  });
});

describe('membersWithRoles', () => {
  it('lists members holding roles, with their roles', async () => {
    const admin = await buildMember(server.database.db, { roles: ['Admin'] });
    const staff = await buildMember(server.database.db, { roles: ['Submissions', 'Content manager'] });
    const plain = await buildMember(server.database.db);
    const res = await server.gql('{ membersWithRoles { MemberID roles { name } } }', {}, { token: await server.tokenFor(admin.id) });
    const list = res.data!.membersWithRoles as { MemberID: number; roles: { name: string }[] }[];
    expect(list.find((m) => m.MemberID === staff.id)!.roles.map((r) => r.name)).toEqual(['Submissions', 'Content manager']);
    expect(list.some((m) => m.MemberID === plain.id)).toBe(false);
  });
});
