import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, deletedAt, timestamps } from './columns';

/** A member of the community site: creators and staff alike. MemberID is the site's member id. */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    minisite_level: integer('minisite_level'),
    /** Trusted by staff (issue 15): their creations that pass every automatic check go first in review. */
    is_trusted: boolean('is_trusted').notNull().default(false),
    ...timestamps,
    ...deletedAt,
  },
  (t) => [
    uniqueIndex('members_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('members_username_lower_key').on(sql`lower(${t.username})`),
    // Staff searches match the creator's user name anywhere in it (trigram, migration 0007).
    index('members_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  ...createdAt,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] }), index().on(t.permission_id)],
);

export const memberRoles = pgTable(
  'member_roles',
  {
    member_id: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.member_id, t.role_id] }), index().on(t.role_id)],
);

/** Expansion, game and stuff packs a member owns (preferences.expansion_packs). */
export const expansionPacks = pgTable('expansion_packs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  game: integer('game').notNull(),
  type: text('type').notNull(),
  name: text('name').notNull(),
});

export const memberPreferences = pgTable('member_preferences', {
  member_id: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  terms_of_use: boolean('terms_of_use').notNull().default(false),
  about: text('about'),
  feedback_option: integer('feedback_option').notNull().default(1),
  recolor_option: integer('recolor_option').notNull().default(1),
  default_sharing_option: integer('default_sharing_option').notNull().default(1),
  default_social_media_option: integer('default_social_media_option').notNull().default(1),
  notification_option: integer('notification_option').notNull().default(1),
  notification_on_approved: boolean('notification_on_approved').notNull().default(true),
  notification_on_publish: boolean('notification_on_publish').notNull().default(true),
  show_country_option: boolean('show_country_option').notNull().default(false),
  languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
  /** auto, light or dark (domain COLOR_SCHEMES): how the portal looks for this member. */
  color_scheme: text('color_scheme').notNull().default('auto'),
  ...timestamps,
});

export const memberExpansionPacks = pgTable(
  'member_expansion_packs',
  {
    member_id: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    expansion_pack_id: integer('expansion_pack_id')
      .notNull()
      .references(() => expansionPacks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.member_id, t.expansion_pack_id] })],
);

/** A sign-in session. Only the sha256 of the token is stored; tokens expire and can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    member_id: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    ...createdAt,
  },
  (t) => [index().on(t.member_id)],
);

/** Failed sign-ins, for throttling per account and per address across processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    ...createdAt,
  },
  (t) => [index().on(t.account, t.created_at), index().on(t.ip, t.created_at)],
);

/** Support staff are recognised by their e-mail on this list (SPEC section 6). */
export const supportStaff = pgTable('support_staff', {
  email: text('email').primaryKey(),
  ...createdAt,
});

/** Used one-time login keys handed over from the main site, so a key cannot be replayed. */
export const usedLoginKeys = pgTable('used_login_keys', {
  key_hash: text('key_hash').primaryKey(),
  member_id: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  ...createdAt,
});
