import { eq, asc } from 'drizzle-orm';
import { builder } from '../../schema/builder';
import { paginatorOf } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import { expansionPacks, permissions, rolePermissions } from '../../db/schema/index';
import * as memberService from './member.service';
import type { AuthMember } from './session.sql';

type PermissionShape = { id: number; name: string };
type RoleShape = { id: number; name: string; permissions?: PermissionShape[] };
type MemberShape = Omit<AuthMember, 'roles'> & { roles: RoleShape[] };

export const PermissionRef = builder.objectRef<PermissionShape>('Permission').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

export const RoleRef = builder.objectRef<RoleShape>('Role').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    permissions: t.field({
      type: [PermissionRef],
      resolve: async (role, _args, ctx) =>
        role.permissions ??
        ctx.db
          .select({ id: permissions.id, name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
          .where(eq(rolePermissions.role_id, role.id))
          .orderBy(asc(permissions.id)),
    }),
  }),
});

export const ExpansionPackRef = builder
  .objectRef<{ id: number; game: number; type: string; name: string }>('ExpansionPack')
  .implement({
    fields: (t) => ({
      id: t.exposeInt('id'),
      game: t.exposeInt('game'),
      type: t.exposeString('type'),
      name: t.exposeString('name'),
    }),
  });

export const MemberPreferencesRef = builder.objectRef<memberService.PreferencesRow>('MemberPreferences').implement({
  fields: (t) => ({
    member_id: t.exposeInt('member_id'),
    terms_of_use: t.exposeBoolean('terms_of_use'),
    about: t.exposeString('about', { nullable: true }),
    expansion_packs: t.field({ type: [ExpansionPackRef], resolve: (p) => p.expansion_packs }),
    feedback_option: t.exposeInt('feedback_option'),
    recolor_option: t.exposeInt('recolor_option'),
    default_sharing_option: t.exposeInt('default_sharing_option'),
    default_social_media_option: t.exposeInt('default_social_media_option'),
    notification_option: t.exposeInt('notification_option'),
    notification_on_approved: t.exposeBoolean('notification_on_approved'),
    notification_on_publish: t.exposeBoolean('notification_on_publish'),
    show_country_option: t.exposeBoolean('show_country_option'),
    languages: t.exposeStringList('languages'),
    color_scheme: t.exposeString('color_scheme', { description: 'auto (follow the device), light or dark.' }),
  }),
});

export const MemberRef = builder.objectRef<MemberShape>('Member').implement({
  description: 'A member of the community site: creator or staff.',
  fields: (t) => ({
    MemberID: t.exposeInt('id'),
    UserName: t.exposeString('username'),
    Email: t.exposeString('email'),
    minisite_level: t.exposeInt('minisite_level', { nullable: true }),
    roles: t.field({ type: [RoleRef], resolve: (m) => m.roles }),
    preferences: t.field({
      type: MemberPreferencesRef,
      resolve: (m, _args, ctx) => memberService.getPreferences(ctx.db, m.id),
    }),
  }),
});

/**
 * Who did something, as anyone who may see the thing may see them: id and name, never e-mail or
 * roles (file logs, histories, creators).
 */
export const MemberSummaryRef = builder.objectRef<{ id: number; username: string }>('MemberSummary').implement({
  description: 'A member by id and name only (no e-mail): creators, moderators, who changed a file.',
  fields: (t) => ({
    MemberID: t.exposeInt('id'),
    UserName: t.exposeString('username'),
  }),
});

/** A page of members (artists, support staff). */
export const MemberSummaryPaginator = paginatorOf('MemberSummary', MemberSummaryRef);

const MemberPreferencesInput = builder.inputType('MemberPreferencesInput', {
  description: 'Only the fields given change. expansion_packs is the full list of owned pack ids.',
  fields: (t) => ({
    terms_of_use: t.boolean(),
    about: t.string(),
    expansion_packs: t.intList(),
    feedback_option: t.int(),
    recolor_option: t.int(),
    default_sharing_option: t.int(),
    default_social_media_option: t.int(),
    notification_option: t.int(),
    notification_on_approved: t.boolean(),
    notification_on_publish: t.boolean(),
    show_country_option: t.boolean(),
    languages: t.stringList(),
    color_scheme: t.string({ description: 'auto (follow the device), light or dark.' }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({
    type: MemberRef,
    nullable: true,
    description: 'The signed-in member, or null without a valid token. Never cached.',
    authScopes: policy.public,
    resolve: (_root, _args, ctx) => ctx.auth.member,
  }),
  membersWithRoles: t.field({
    type: [MemberRef],
    description: 'Members holding at least one role.',
    authScopes: policy.adminAccess,
    resolve: (_root, _args, ctx) => memberService.membersWithRoles(ctx.db),
  }),
  expansionPacks: t.field({
    type: [ExpansionPackRef],
    description: 'Every expansion, game and stuff pack a member can own.',
    authScopes: policy.signedIn,
    resolve: (_root, _args, ctx) =>
      ctx.db.select().from(expansionPacks).orderBy(asc(expansionPacks.game), asc(expansionPacks.id)),
  }),
}));

builder.mutationFields((t) => ({
  login: t.string({
    description: 'Signs in with e-mail and password and returns the token.',
    authScopes: policy.public,
    args: { user: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => memberService.login(ctx, args),
  }),
  getApiKey: t.string({
    description: 'Signs in with a login key handed over from the main site and returns the token.',
    authScopes: policy.public,
    args: { member_id: t.arg.int({ required: true }), login_key: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => memberService.getApiKey(ctx, args),
  }),
  logout: t.boolean({
    description: 'Revokes the current token on the server.',
    authScopes: policy.public,
    resolve: (_root, _args, ctx) => memberService.logout(ctx),
  }),
  updateMemberPreferences: t.field({
    type: MemberPreferencesRef,
    description: "Updates the signed-in member's own preferences.",
    authScopes: policy.signedIn,
    args: { input: t.arg({ type: MemberPreferencesInput, required: true }) },
    resolve: (_root, args, ctx) => memberService.updatePreferences(ctx, ctx.auth.member!.id, stripNulls(args.input)),
  }),
}));

/** GraphQL sends null for fields the client set to null; only `about` may be cleared that way. */
function stripNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== null || k === 'about'));
}
