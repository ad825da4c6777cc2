import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import { isEmail, memberPreferencesInput, type MemberPreferencesInput } from '@corner/domain';
import type { Context } from '../../context';
import { hashToken } from './session.sql';
import type { Db, DbOrTx } from '../../db/client';
import {
  expansionPacks,
  loginFailures,
  memberExpansionPacks,
  memberPreferences,
  memberRoles,
  members,
  roles,
  sessions,
  submissions,
  usedLoginKeys,
} from '../../db/schema/index';
import { validationError } from '../../errors';
import { memberError } from './member.errors';
import { hashPassword, verifyPassword } from './password';
import { defineLoader, outer, type LoaderHost } from '../../db/loader';
import { anyOf, outsideTransaction, preparedQuery, type Placeholders } from '../../db/prepared';

/** A member with roles and permissions, as a request sees them (other features check staff by it). */
export { loadAuthMember } from './session.sql';

/** Creates a session for a member and returns its token; only the token's hash is stored. */
export async function createSession(
  db: DbOrTx,
  memberId: number,
  ttlHours: number,
  client: { ip: string; userAgent: string | null },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    member_id: memberId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlHours * 3_600_000),
    ip: client.ip,
    user_agent: client.userAgent,
  });
  return token;
}

/**
 * Signs in with e-mail and password (SPEC section 5 messages). Failed attempts are throttled per
 * account and per client address; a success clears the account's failures.
 */
export async function login(ctx: Context, input: { user: string; password: string }): Promise<string> {
  const email = input.user.trim().toLowerCase();
  if (!email || !isEmail(email)) throw memberError('EMAIL_MISSING');
  if (!input.password) throw memberError('PASSWORD_MISSING');

  const { db, config } = ctx;
  const windowStart = new Date(Date.now() - config.LOGIN_THROTTLE_MINUTES * 60_000);
  const [counts] = await db
    .select({
      account: sql<number>`count(*) filter (where ${loginFailures.account} = ${email})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ctx.ip})`.mapWith(Number),
      oldest: sql<string | null>`min(${loginFailures.created_at})`,
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.created_at, windowStart), sql`(${loginFailures.account} = ${email} or ${loginFailures.ip} = ${ctx.ip})`));
  const minutesLeft = () => {
    const oldest = counts?.oldest ? new Date(counts.oldest).getTime() : Date.now();
    return Math.max(1, Math.ceil((oldest + config.LOGIN_THROTTLE_MINUTES * 60_000 - Date.now()) / 60_000));
  };
  if ((counts?.account ?? 0) >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT) throw memberError('THROTTLED_ACCOUNT', { minutes: minutesLeft() });
  if ((counts?.address ?? 0) >= config.LOGIN_MAX_FAILURES_PER_ADDRESS) throw memberError('THROTTLED_ADDRESS', { minutes: minutesLeft() });

  const [member] = await db
    .select({ id: members.id, password_hash: members.password_hash })
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email}`, isNull(members.deleted_at)));
  const ok = await verifyPassword(member?.password_hash ?? null, input.password);
  if (!member || !ok) {
    await db.insert(loginFailures).values({ account: email, ip: ctx.ip });
    throw memberError('WRONG_CREDENTIALS');
  }
  await db.delete(loginFailures).where(eq(loginFailures.account, email));
  return createSession(db, member.id, config.TOKEN_TTL_HOURS, ctx);
}

/**
 * Sign-in handed over from the main site. The main site signs `${member_id}.${expires}` with the
 * shared LOGIN_KEY_SECRET (HMAC-SHA256, hex) and sends `login_key = "${expires}.${signature}"`,
 * `expires` in Unix seconds. A key works once and only until it expires.
 */
export async function getApiKey(ctx: Context, input: { member_id: number; login_key: string }): Promise<string> {
  const secret = ctx.config.LOGIN_KEY_SECRET;
  if (!secret) throw memberError('LOGIN_KEY_DISABLED');
  const [expiresText, signature] = input.login_key.split('.');
  const expires = Number(expiresText);
  if (!expiresText || !signature || !Number.isInteger(expires) || expires * 1000 <= Date.now()) {
    throw memberError('LOGIN_KEY_INVALID');
  }
  const expected = signLoginKey(secret, input.member_id, expires).split('.')[1] ?? '';
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw memberError('LOGIN_KEY_INVALID');

  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, input.member_id), isNull(members.deleted_at)));
    if (!member) throw memberError('LOGIN_KEY_INVALID');
    const inserted = await tx
      .insert(usedLoginKeys)
      .values({ key_hash: hashToken(input.login_key), member_id: member.id })
      .onConflictDoNothing()
      .returning({ key_hash: usedLoginKeys.key_hash });
    if (inserted.length === 0) throw memberError('LOGIN_KEY_INVALID');
    return createSession(tx, member.id, ctx.config.TOKEN_TTL_HOURS, ctx);
  });
}

/** The login key the main site would send for a member (used by tests and the member CLI). */
export function signLoginKey(secret: string, memberId: number, expiresUnix: number): string {
  const signature = crypto.createHmac('sha256', secret).update(`${memberId}.${expiresUnix}`).digest('hex');
  return `${expiresUnix}.${signature}`;
}

/** Revokes the request's session on the server. Logging out without a valid session is a no-op. */
export async function logout(ctx: Context): Promise<boolean> {
  if (ctx.auth.sessionId !== null) {
    await ctx.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, ctx.auth.sessionId));
    // Every process forgets its kept sessions when the change is announced; this one at once, so
    // the token is refused from the next request on, however soon it comes.
    ctx.sessions.forget();
  }
  return true;
}

export type PreferencesRow = typeof memberPreferences.$inferSelect & {
  expansion_packs: (typeof expansionPacks.$inferSelect)[];
};

/** A member's preferences; a member who never saved any gets the defaults. */
export async function getPreferences(db: DbOrTx, memberId: number): Promise<PreferencesRow> {
  // Every signed-in page asks for them (`Me`), so outside a transaction the statement is built once.
  const plain = outsideTransaction(db);
  const [row] = plain ? await preferencesOfMember(plain, { memberId }) : await preferencesQuery(db, memberId);
  return { ...(row?.saved ?? defaultPreferences(memberId)), expansion_packs: row?.expansion_packs ?? [] };
}

/** The saved preferences (if any) and the packs in one statement. */
function preferencesQuery(db: DbOrTx, memberId: number | Placeholder) {
  return db
    .select({ saved: memberPreferences, expansion_packs: expansionPacksOf(memberId) })
    .from(sql`(select 1) as one`)
    .leftJoin(memberPreferences, eq(memberPreferences.member_id, memberId));
}

const preferencesOfMember = preparedQuery((db, values: Placeholders<{ memberId: number }>) => preferencesQuery(db, values.memberId));

/** A member's expansion packs, by game then id, as a JSON array (a scalar subquery). */
function expansionPacksOf(memberId: number | Placeholder) {
  return sql<PreferencesRow['expansion_packs']>`coalesce((
    select json_agg(json_build_object('id', e.id, 'game', e.game, 'type', e.type, 'name', e.name) order by e.game, e.id)
    from ${memberExpansionPacks} mp join ${expansionPacks} e on e.id = mp.expansion_pack_id
    where mp.member_id = ${memberId}), '[]'::json)`;
}

function defaultPreferences(memberId: number): typeof memberPreferences.$inferSelect {
  const now = new Date();
  return {
    member_id: memberId,
    terms_of_use: false,
    about: null,
    feedback_option: 1,
    recolor_option: 1,
    default_sharing_option: 1,
    default_social_media_option: 1,
    notification_option: 1,
    notification_on_approved: true,
    notification_on_publish: true,
    show_country_option: false,
    languages: [],
    color_scheme: 'auto',
    created_at: now,
    updated_at: now,
  };
}

/** Updates the signed-in member's own preferences; only the named fields change. */
export async function updatePreferences(ctx: Context, memberId: number, input: unknown): Promise<PreferencesRow> {
  const parsed = memberPreferencesInput.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[`input.${issue.path.join('.')}`] ??= []).push(issue.message);
    throw validationError(fields);
  }
  const { expansion_packs: packIds, ...scalars }: MemberPreferencesInput = parsed.data;
  return ctx.db.transaction(async (tx) => {
    if (packIds) {
      const unique = [...new Set(packIds)];
      const known = unique.length
        ? await tx.select({ id: expansionPacks.id }).from(expansionPacks).where(inArray(expansionPacks.id, unique))
        : [];
      const missing = unique.filter((id) => !known.some((k) => k.id === id));
      if (missing.length) throw validationError({ 'input.expansion_packs': [`Unknown expansion pack: ${missing.join(', ')}.`] });
      await tx.delete(memberExpansionPacks).where(eq(memberExpansionPacks.member_id, memberId));
      if (unique.length) {
        await tx.insert(memberExpansionPacks).values(unique.map((id) => ({ member_id: memberId, expansion_pack_id: id })));
      }
    }
    await tx
      .insert(memberPreferences)
      .values({ member_id: memberId, ...scalars })
      .onConflictDoUpdate({ target: memberPreferences.member_id, set: { ...scalars, updated_at: new Date() } });
    return getPreferences(tx, memberId);
  });
}

export interface MemberWithRoles {
  id: number;
  username: string;
  email: string;
  minisite_level: number | null;
  roles: { id: number; name: string }[];
}

/** Members holding at least one role: the staff and special artists, ordered by name. */
export async function membersWithRoles(db: Db): Promise<MemberWithRoles[]> {
  const rowsFound = await db
    .select({
      id: members.id,
      username: members.username,
      email: members.email,
      minisite_level: members.minisite_level,
      role_id: roles.id,
      role_name: roles.name,
    })
    .from(members)
    .innerJoin(memberRoles, eq(memberRoles.member_id, members.id))
    .innerJoin(roles, eq(roles.id, memberRoles.role_id))
    .where(isNull(members.deleted_at))
    .orderBy(asc(sql`lower(${members.username})`), asc(roles.id));
  const byId = new Map<number, MemberWithRoles>();
  for (const r of rowsFound) {
    const m = byId.get(r.id) ?? { id: r.id, username: r.username, email: r.email, minisite_level: r.minisite_level, roles: [] };
    m.roles.push({ id: r.role_id, name: r.role_name });
    byId.set(r.id, m);
  }
  return [...byId.values()];
}

/** Adds a member (seed, CLI and test factories). The e-mail is stored as given, matched case-insensitively. */
export async function createMember(
  db: DbOrTx,
  input: { email: string; username: string; password?: string | null; roles?: string[]; minisite_level?: number | null; id?: number },
): Promise<number> {
  const password_hash = input.password ? await hashPassword(input.password) : null;
  const [row] = await db
    .insert(members)
    .values({
      ...(input.id ? { id: input.id } : {}),
      email: input.email,
      username: input.username,
      password_hash,
      minisite_level: input.minisite_level ?? null,
    })
    .returning({ id: members.id });
  const id = row!.id;
  for (const role of input.roles ?? []) await grantRole(db, id, role);
  return id;
}

/** Gives a member a role by name (case-insensitive); an unknown role is an error that lists the known ones. */
export async function grantRole(db: DbOrTx, memberId: number, roleName: string): Promise<void> {
  const [role] = await db.select().from(roles).where(sql`lower(${roles.name}) = ${roleName.toLowerCase()}`);
  if (!role) {
    const known = await db.select({ name: roles.name }).from(roles).orderBy(asc(roles.name));
    throw new Error(`Unknown role "${roleName}". Known roles: ${known.map((r) => r.name).join(', ')}.`);
  }
  await db.insert(memberRoles).values({ member_id: memberId, role_id: role.id }).onConflictDoNothing();
}

export async function revokeRole(db: DbOrTx, memberId: number, roleName: string): Promise<void> {
  await db
    .delete(memberRoles)
    .where(
      and(
        eq(memberRoles.member_id, memberId),
        inArray(memberRoles.role_id, db.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = ${roleName.toLowerCase()}`)),
      ),
    );
}

export async function findMemberByEmail(db: DbOrTx, email: string) {
  const [m] = await db.select().from(members).where(sql`lower(${members.email}) = ${email.trim().toLowerCase()}`);
  return m ?? null;
}

const membersOfIds = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db.select({ id: members.id, username: members.username }).from(members).where(anyOf(members.id, values.ids)),
);

const memberSummaries = defineLoader(async (db, ids: number[]) => {
  const rows = await membersOfIds(db, { ids });
  return new Map(rows.map((m) => [m.id, m]));
}, null);

/**
 * A page of creations reads the member a column of its rows names (its creator, its moderator) with
 * its own statement (`Loader.preload`).
 */
export function memberSummaryPreload<C extends 'member_id' | 'moderator_id'>(name: string, column: C) {
  return memberSummaries.preload<Record<C, number | null>>({
    name,
    keyOf: (s) => s[column],
    column: sql`(select json_build_object('id', ${members.id}, 'username', ${members.username}) from ${members} where ${members.id} = ${outer(submissions[column])})`,
    decode: (json) => json as { id: number; username: string } | null,
  });
}

/**
 * A member as MemberSummary shows them (id and name), or null for none or one who is gone, through
 * the request's loader: a page of rows reads its members in one query.
 */
export function loadMemberSummary(ctx: LoaderHost, id: number | null): Promise<{ id: number; username: string } | null> {
  return id === null ? Promise.resolve(null) : memberSummaries(ctx, id);
}
