import { and, asc, eq, isNull } from 'drizzle-orm';
import type { MissingItem } from '@corner/domain';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import {
  attributes,
  collaborations,
  collections,
  externalUrlRequirements,
  recommendedItems,
  requiredItems,
  submissionAttributes,
  submissionBridges,
  submissionCollaborations,
  submissionCollections,
  submissions,
  submissionThemes,
  themes,
} from '../../db/schema/index';
import { AttributeRef, CategoryRef } from '../catalog/catalog.schema';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import * as catalog from '../catalog/catalog.service';
import { submissionForView, type SubmissionRow } from './submission.access';
import { submissionError } from './submission.errors';
import { loadKindRow } from './submission.kinds';
import { countReports, countUnclearedTests, countUpdateRequests } from './submission.loaders';
import { submissionAbilities, type SubmissionAbilities } from './submission.policy';
import * as service from './submission.service';
import { MY_ITEMS_FIELDS, countSubmissions, searchSubmissions } from './submission.search';

/**
 * A creation's properties (SPEC section 3). Other modules add their fields to it with
 * `builder.objectFields(SubmissionPropertiesRef, …)` beside their own types (images, files, …).
 */
export const SubmissionPropertiesRef = builder.objectRef<SubmissionRow>('SubmissionProperties');

type Named = { id: number; name: string; game?: number };
const ThemeRef = builder.objectRef<Named>('Theme').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});
export const CollaborationRef = builder.objectRef<Named>('Collaboration').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), game: t.int({ resolve: (c) => c.game ?? 4 }) }),
});
export const CollectionRef = builder.objectRef<Named>('Collection').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), game: t.int({ resolve: (c) => c.game ?? 4 }) }),
});
export const RequiredItemRef = builder.objectRef<typeof requiredItems.$inferSelect>('RequiredDownload').implement({
  description: 'A required download: by portal id, old (legacy) item id, or URL.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'url, id or old_item_id' }),
    download: t.exposeString('download'),
    title: t.exposeString('title', { nullable: true }),
  }),
});
const ExternalUrlRef = builder.objectRef<typeof externalUrlRequirements.$inferSelect>('ExternalUrlRequirement').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    url: t.exposeString('url'),
    name: t.exposeString('name', { nullable: true }),
    image: t.exposeString('image', { nullable: true }),
  }),
});
const MissingItemRef = builder.objectRef<MissingItem>('MissingItem').implement({
  description: 'Something the completeness check says is still missing, and the step that fixes it.',
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message'),
    step: t.exposeInt('step'),
    childName: t.exposeString('childName', { nullable: true }),
  }),
});
const BridgeObjectRef = builder.objectRef<{ ID: number }>('LegacyObject').implement({
  fields: (t) => ({ ID: t.exposeInt('ID') }),
});
const BridgeRef = builder.objectRef<{ legacy_item_id: number }>('SubmissionBridge').implement({
  description: 'The link to the legacy system: object.ID is the legacy item id.',
  fields: (t) => ({ object: t.field({ type: BridgeObjectRef, resolve: (b) => ({ ID: b.legacy_item_id }) }) }),
});



const SubmissionAbilitiesRef = builder.objectRef<SubmissionAbilities>('SubmissionAbilities').implement({
  description: 'What the caller may do with a creation now (the server’s rules; the web offers exactly these). Submitting also needs nothing missing (`missing_items`).',
  fields: (t) => ({
    canEdit: t.exposeBoolean('canEdit', { description: 'Change its details, images, files and tags.' }),
    canSubmit: t.exposeBoolean('canSubmit', { description: 'Send it for review: its owner, as a draft or after a rejection.' }),
    canWithdraw: t.exposeBoolean('canWithdraw', { description: 'Take it back from the approval queue to drafts: its owner (refused while a test runs).' }),
    canDelete: t.exposeBoolean('canDelete', { description: 'Delete it: its owner before approval, or staff who manage published creations.' }),
    canApprove: t.exposeBoolean('canApprove', { description: 'Approve it: reviewers, while it waits for a decision.' }),
    canReject: t.exposeBoolean('canReject', { description: 'Reject it: reviewers, while it waits for a decision.' }),
    canTest: t.exposeBoolean('canTest', { description: 'Send it to test: testers, while it waits for a decision (or is in testing).' }),
    canAddFileVersions: t.exposeBoolean('canAddFileVersions', { description: 'Upload new versions of its files for an update request: its owner, once approved.' }),
  }),
});

SubmissionPropertiesRef.implement({
  description: "A creation's properties, whatever its kind.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status'),
    model_type: t.exposeString('model_type'),
    model_id: t.exposeInt('model_id'),
    game_version: t.exposeInt('game_version'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    notes: t.exposeString('notes', { nullable: true }),
    credits_to: t.exposeString('credits_to', { nullable: true }),
    keywords: t.exposeString('keywords', { nullable: true }),
    video_url: t.exposeString('video_url', { nullable: true }),
    feedback_option: t.exposeInt('feedback_option', { nullable: true }),
    recolor_option: t.exposeInt('recolor_option', { nullable: true }),
    can_be_shared: t.exposeBoolean('can_be_shared', { nullable: true }),
    enable_social_media_links: t.exposeBoolean('enable_social_media_links', { nullable: true }),
    terms_notes: t.exposeString('terms_notes', { nullable: true }),
    polycount: t.exposeInt('polycount', { nullable: true }),
    category_id: t.exposeInt('category_id', { nullable: true }),
    publish_at: t.expose('publish_at', { type: 'DateTime', nullable: true }),
    updated_at: t.expose('updated_at', { type: 'DateTime' }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    deleted_at: t.expose('deleted_at', { type: 'DateTime', nullable: true }),
    early_access_at: t.expose('early_access_at', { type: 'DateTime', nullable: true }),
    early_access_days: t.exposeInt('early_access_days', { nullable: true }),
    tsr_exclusive: t.exposeBoolean('tsr_exclusive', { nullable: true, description: 'Whether the creation is wholly exclusive to the site.' }),
    latest_rejection_reason: t.exposeString('latest_rejection_reason', { nullable: true }),
    wasSubmitted: t.exposeBoolean('was_submitted'),
    submitted_at: t.expose('submitted_at', { type: 'DateTime', nullable: true, description: 'When it was last submitted for review.' }),
    team_member_id: t.exposeInt('team_member_id', { nullable: true }),
    migration_result: t.expose('migration_result', { type: 'JSON', nullable: true }),
    creator: t.field({ type: MemberSummaryRef, resolve: async (s, _a, ctx) => (await loadMemberSummary(ctx, s.member_id))! }),
    moderator: t.field({ type: MemberSummaryRef, nullable: true, resolve: (s, _a, ctx) => loadMemberSummary(ctx, s.moderator_id) }),
    abilities: t.field({ type: SubmissionAbilitiesRef, description: 'What the caller may do with it now.', resolve: (s, _a, ctx) => submissionAbilities(ctx.auth, s) }),
    numUpdates: t.int({ resolve: (s, _a, ctx) => countUpdateRequests(ctx, s) }),
    numReports: t.int({ resolve: (s, _a, ctx) => countReports(ctx, s) }),
    numUnclearedTests: t.int({ description: 'Unfinished tests plus failed tests not yet cleared.', resolve: (s, _a, ctx) => countUnclearedTests(ctx, s) }),
    category: t.field({
      type: CategoryRef,
      nullable: true,
      resolve: (s, _a, ctx) => (s.category_id === null ? null : catalog.loadCategory(ctx, s.category_id)),
    }),
    attributes: t.field({
      type: [AttributeRef],
      description: 'The chosen attributes, tags among them.',
      resolve: async (s, _a, ctx) =>
        (
          await ctx.db
            .select({ attribute: attributes })
            .from(submissionAttributes)
            .innerJoin(attributes, eq(attributes.id, submissionAttributes.attribute_id))
            .where(eq(submissionAttributes.submission_id, s.id))
            .orderBy(asc(attributes.name))
        ).map((r) => r.attribute),
    }),
    themes: t.field({
      type: [ThemeRef],
      resolve: async (s, _a, ctx) =>
        ctx.db.select({ id: themes.id, name: themes.name }).from(submissionThemes).innerJoin(themes, eq(themes.id, submissionThemes.theme_id)).where(eq(submissionThemes.submission_id, s.id)).orderBy(asc(themes.name)),
    }),
    collaborations: t.field({
      type: [CollaborationRef],
      resolve: async (s, _a, ctx) =>
        ctx.db
          .select({ id: collaborations.id, name: collaborations.name, game: collaborations.game })
          .from(submissionCollaborations)
          .innerJoin(collaborations, eq(collaborations.id, submissionCollaborations.collaboration_id))
          .where(eq(submissionCollaborations.submission_id, s.id)),
    }),
    collections: t.field({
      type: [CollectionRef],
      resolve: async (s, _a, ctx) =>
        ctx.db
          .select({ id: collections.id, name: collections.name, game: collections.game })
          .from(submissionCollections)
          .innerJoin(collections, eq(collections.id, submissionCollections.collection_id))
          .where(eq(submissionCollections.submission_id, s.id)),
    }),
    recommended_items: t.field({
      type: [SubmissionPropertiesRef],
      resolve: async (s, _a, ctx) =>
        (
          await ctx.db
            .select({ s: submissions })
            .from(recommendedItems)
            .innerJoin(submissions, eq(submissions.id, recommendedItems.recommended_submission_id))
            .where(and(eq(recommendedItems.submission_id, s.id), isNull(submissions.deleted_at)))
            .orderBy(asc(recommendedItems.ord))
        ).map((r) => r.s),
    }),
    required_items: t.field({
      type: [RequiredItemRef],
      resolve: (s, _a, ctx) => ctx.db.select().from(requiredItems).where(eq(requiredItems.submission_id, s.id)).orderBy(asc(requiredItems.ord)),
    }),
    external_urls: t.field({
      type: [ExternalUrlRef],
      resolve: (s, _a, ctx) => ctx.db.select().from(externalUrlRequirements).where(eq(externalUrlRequirements.submission_id, s.id)).orderBy(asc(externalUrlRequirements.id)),
    }),
    set_items: t.field({
      type: [SubmissionPropertiesRef],
      description: "A set's children, in order; empty for other kinds.",
      resolve: (s, _a, ctx) => (s.model_type === 'set' ? service.setChildren(ctx.db, s.model_id) : []),
    }),
    submission_bridge: t.field({
      type: BridgeRef,
      nullable: true,
      resolve: async (s, _a, ctx) => (await ctx.db.select().from(submissionBridges).where(eq(submissionBridges.submission_id, s.id)))[0] ?? null,
    }),
    missing_items: t.field({
      type: [MissingItemRef],
      description: 'The completeness check: what is still missing before it can be submitted.',
      resolve: (s, _a, ctx) => service.completenessOf(ctx.db, s),
    }),
  }),
});

/** One page of creations: the lists of creators and staff alike. */
export const SubmissionPropertiesPaginator = paginatorOf('SubmissionProperties', SubmissionPropertiesRef);

/** A creation seen through its kind: the kind's own fields beside the shared properties. */
interface CreationShape {
  submission: SubmissionRow;
  kind: Record<string, unknown>;
}

const CreationRef = builder.interfaceRef<CreationShape>('Creation').implement({
  description: 'A creation of any kind; `id` is the kind row (model_id), `submission_id` the creation.',
  resolveType: (c) =>
    ({ item: 'NewItem', set_item: 'SetItem', set: 'Set', lot: 'Lot', room: 'Room', sim: 'Sim', mod: 'Mod' })[c.submission.model_type],
  fields: (t) => ({
    id: t.int({ resolve: (c) => c.submission.model_id }),
    submission_id: t.int({ resolve: (c) => c.submission.id }),
    creator: t.field({ type: MemberSummaryRef, resolve: async (c, _a, ctx) => (await loadMemberSummary(ctx, c.submission.member_id))! }),
    properties: t.field({ type: SubmissionPropertiesRef, resolve: (c) => c.submission }),
  }),
});

const num = (key: string) => (c: CreationShape) => (c.kind[key] ?? null) as number | null;
const bool = (key: string) => (c: CreationShape) => (c.kind[key] ?? null) as boolean | null;

const itemFields = (t: any) => ({
  is_recolor: t.boolean({ resolve: (c: CreationShape) => Boolean(c.kind.is_recolor) }),
  max_polycount: t.int({ nullable: true, resolve: num('max_polycount') }),
});
const NewItemRef = builder.objectRef<CreationShape>('NewItem').implement({ interfaces: [CreationRef], fields: (t) => itemFields(t) });
const SetItemRef = builder.objectRef<CreationShape>('SetItem').implement({
  interfaces: [CreationRef],
  fields: (t) => ({ ...itemFields(t), ord: t.int({ resolve: (c) => Number(c.kind.ord ?? 0) }) }),
});
const SetRef = builder.objectRef<CreationShape>('Set').implement({
  interfaces: [CreationRef],
  fields: (t) => ({
    children: t.field({
      type: [SetItemRef],
      resolve: async (c, _a, ctx) =>
        Promise.all((await service.setChildren(ctx.db, c.submission.model_id)).map(async (s) => ({ submission: s, kind: await loadKindRow(ctx.db, 'set_item', s.model_id) }))),
    }),
  }),
});
const LotRef = builder.objectRef<CreationShape>('Lot').implement({
  interfaces: [CreationRef],
  fields: (t) => ({
    value: t.int({ nullable: true, resolve: num('value') }),
    lot_width: t.int({ nullable: true, resolve: num('lot_width') }),
    lot_depth: t.int({ nullable: true, resolve: num('lot_depth') }),
    furnished: t.boolean({ nullable: true, resolve: bool('furnished') }),
    number_of_floors: t.int({ nullable: true, resolve: num('number_of_floors') }),
  }),
});
const RoomRef = builder.objectRef<CreationShape>('Room').implement({ interfaces: [CreationRef], fields: () => ({}) });
const SimRef = builder.objectRef<CreationShape>('Sim').implement({ interfaces: [CreationRef], fields: () => ({}) });
const ModRef = builder.objectRef<CreationShape>('Mod').implement({ interfaces: [CreationRef], fields: () => ({}) });

/** Reads a creation through its kind, checking that the id names that kind. */
async function creationOf(ctx: import('../../context').Context, id: number, kind?: string): Promise<CreationShape> {
  const s = await submissionForView(ctx, id);
  if (kind && s.model_type !== kind) throw submissionError('SUBMISSION_WRONG_KIND', { id, expected: kind, kind: s.model_type });
  return { submission: s, kind: await loadKindRow(ctx.db, s.model_type, s.model_id) };
}


const QueryTerm = builder.inputType('QueryTerm', {
  description: 'A filter: field operator value. Operators: = != < <= > >= like in (value a list or comma-separated).',
  fields: (t) => ({ field: t.string({ required: true }), operator: t.string({ required: true }), value: t.field({ type: 'JSON', required: true }) }),
});
export const QueryParams = builder.inputType('QueryParams', {
  description: 'Search, filter, sort and page a list of creations.',
  fields: (t) => ({
    queue: t.string({ description: 'A queue id: created, waiting, testing, approved, published, needsAttention, … (default all).' }),
    terms: t.field({ type: [QueryTerm] }),
    search: t.string({ description: 'Matches name and keywords; a number also matches the id.' }),
    sort: t.string(),
    order: t.string({ description: 'asc or desc' }),
    first: t.int(),
    page: t.int(),
  }),
});

builder.queryFields((t) => ({
  themes: t.field({
    type: [ThemeRef],
    description: 'Every theme a creation can belong to.',
    authScopes: policy.signedIn,
    resolve: (_r, _a, ctx) => catalog.allThemes(ctx.db),
  }),
  searchCollections: t.field({
    type: [CollectionRef],
    description: 'Collections whose name contains `name`, for a game (at most 20).',
    authScopes: policy.signedIn,
    args: { name: t.arg.string(), game: t.arg.int() },
    resolve: (_r, a, ctx) => catalog.searchNamed(ctx.db, collections, a),
  }),
  searchCollaborations: t.field({
    type: [CollaborationRef],
    description: 'Collaborations whose name contains `name`, for a game (at most 20).',
    authScopes: policy.signedIn,
    args: { name: t.arg.string(), game: t.arg.int() },
    resolve: (_r, a, ctx) => catalog.searchNamed(ctx.db, collaborations, a),
  }),
  submissionProperties: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.public,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) },
    resolve: (_r, args, ctx) => submissionForView(ctx, args.id),
  }),
  item: t.field({
    type: CreationRef,
    description: 'A creation of any kind, by creation id (use fragments on NewItem, Lot, Set, …).',
    authScopes: policy.public,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) },
    resolve: (_r, args, ctx) => creationOf(ctx, args.id),
  }),
  newItem: t.field({ type: NewItemRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'item') }),
  setItem: t.field({ type: SetItemRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'set_item') }),
  set: t.field({ type: SetRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'set') }),
  lot: t.field({ type: LotRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'lot') }),
  room: t.field({ type: RoomRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'room') }),
  sim: t.field({ type: SimRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'sim') }),
  mod: t.field({ type: ModRef, authScopes: policy.public, args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) }, resolve: (_r, a, ctx) => creationOf(ctx, a.id, 'mod') }),
  myItemsSearch: t.field({
    type: SubmissionPropertiesPaginator,
    description: "The signed-in creator's creations: a queue, filters, search, sort and page.",
    authScopes: policy.signedIn,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx) => searchSubmissions(ctx.db, args.queryParams ?? {}, { ownerId: ctx.auth.member!.id, fields: MY_ITEMS_FIELDS }),
  }),
  myItemsCount: t.int({
    description: 'How many of the creator’s creations match the same queryParams.',
    authScopes: policy.signedIn,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx) => countSubmissions(ctx.db, args.queryParams ?? {}, { ownerId: ctx.auth.member!.id, fields: MY_ITEMS_FIELDS }),
  }),
}));

const ItemInput = builder.inputType('ItemInput', {
  fields: (t) => ({ is_recolor: t.boolean(), max_polycount: t.int() }),
});
const LotInput = builder.inputType('LotInput', {
  fields: (t) => ({ value: t.int(), lot_width: t.int(), lot_depth: t.int(), furnished: t.boolean(), number_of_floors: t.int() }),
});
const SetChildInput = builder.inputType('SetChildInput', {
  description: "A set's child (by creation id) with the fields to change; the list order is the new order.",
  fields: (t) => ({ id: t.int({ required: true }), name: t.string(), description: t.string(), is_recolor: t.boolean(), max_polycount: t.int() }),
});
const RequiredDownloadInput = builder.inputType('RequiredDownloadInput', {
  fields: (t) => ({ type: t.string({ required: true, description: 'url, id or old_item_id' }), download: t.string({ required: true }), title: t.string() }),
});
const ExternalUrlInput = builder.inputType('ExternalUrlInput', {
  fields: (t) => ({ url: t.string({ required: true }), name: t.string(), image: t.string() }),
});
const SubmissionPropertiesInput = builder.inputType('SubmissionPropertiesInput', {
  description: 'Only the fields given change; lists replace the stored list. Text fields must use allowed characters.',
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    notes: t.string(),
    credits_to: t.string(),
    keywords: t.string(),
    terms_notes: t.string(),
    video_url: t.string(),
    game_version: t.int(),
    polycount: t.int(),
    feedback_option: t.int(),
    recolor_option: t.int(),
    can_be_shared: t.boolean(),
    enable_social_media_links: t.boolean(),
    tsr_exclusive: t.boolean(),
    category_id: t.int(),
    attributes: t.intList(),
    themes: t.intList(),
    collaborations: t.intList(),
    collections: t.intList(),
    recommended_items: t.intList(),
    required_items: t.field({ type: [RequiredDownloadInput] }),
    external_urls: t.field({ type: [ExternalUrlInput] }),
  }),
});

/** GraphQL sends explicit nulls; for "only what is given" those are kept (they clear a field). */
const given = <T extends Record<string, unknown>>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));


builder.mutationFields((t) => ({
  createCollection: t.field({
    type: CollectionRef,
    description: 'Creates a collection (or returns the one with that name in that game).',
    authScopes: policy.signedIn,
    args: { game: t.arg.int({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => catalog.createNamed(ctx.db, collections, ctx.auth.member!.id, a, 'collection'),
  }),
  createCollaboration: t.field({
    type: CollaborationRef,
    description: 'Creates a collaboration (or returns the one with that name in that game).',
    authScopes: policy.signedIn,
    args: { game: t.arg.int({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => catalog.createNamed(ctx.db, collaborations, ctx.auth.member!.id, a, 'collaboration'),
  }),
  createNewItem: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.signedIn,
    args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }), is_recolor: t.arg.boolean(), max_polycount: t.arg.int() },
    resolve: (_r, a, ctx) => service.createSubmission(ctx, 'item', { name: a.name, description: a.description, is_recolor: a.is_recolor ?? undefined, max_polycount: a.max_polycount ?? undefined }),
  }),
  createSetItem: t.field({
    type: SubmissionPropertiesRef,
    description: 'Adds a child to a set (set_id: the set creation id).',
    authScopes: policy.signedIn,
    args: { set_id: t.arg.int({ required: true }), name: t.arg.string({ required: true }), description: t.arg.string({ required: true }), is_recolor: t.arg.boolean(), max_polycount: t.arg.int() },
    resolve: (_r, a, ctx) => service.createSetItem(ctx, { set_id: a.set_id, name: a.name, description: a.description, is_recolor: a.is_recolor ?? undefined, max_polycount: a.max_polycount ?? undefined }),
  }),
  createSet: t.field({ type: SubmissionPropertiesRef, authScopes: policy.signedIn, args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => service.createSubmission(ctx, 'set', a) }),
  createLot: t.field({ type: SubmissionPropertiesRef, authScopes: policy.signedIn, args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => service.createSubmission(ctx, 'lot', a) }),
  createRoom: t.field({ type: SubmissionPropertiesRef, authScopes: policy.signedIn, args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => service.createSubmission(ctx, 'room', a) }),
  createSim: t.field({ type: SubmissionPropertiesRef, authScopes: policy.signedIn, args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => service.createSubmission(ctx, 'sim', a) }),
  createMod: t.field({ type: SubmissionPropertiesRef, authScopes: policy.signedIn, args: { name: t.arg.string({ required: true }), description: t.arg.string({ required: true }) }, resolve: (_r, a, ctx) => service.createSubmission(ctx, 'mod', a) }),
  updateNewItem: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), input: t.arg({ type: ItemInput, required: true }) },
    resolve: (_r, a, ctx) => service.updateItemFields(ctx, a.id, 'item', given(a.input)),
  }),
  updateSetItem: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), input: t.arg({ type: ItemInput, required: true }) },
    resolve: (_r, a, ctx) => service.updateItemFields(ctx, a.id, 'set_item', given(a.input)),
  }),
  updateSet: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), children: t.arg({ type: [SetChildInput], required: true }) },
    resolve: (_r, a, ctx) => service.updateSetChildren(ctx, a.id, a.children),
  }),
  updateLot: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), input: t.arg({ type: LotInput, required: true }) },
    resolve: (_r, a, ctx) => service.updateLotFields(ctx, a.id, given(a.input)),
  }),
  updateSubmissionProperties: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), input: t.arg({ type: SubmissionPropertiesInput, required: true }) },
    resolve: (_r, a, ctx) => service.updateSubmissionProperties(ctx, a.id, given(a.input)),
  }),
  updateSubmissionStatus: t.field({
    type: SubmissionPropertiesRef,
    description: 'The creator submits (CREATED → SUBMITTED, when nothing is missing) or withdraws (SUBMITTED → CREATED).',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), status: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => service.updateSubmissionStatus(ctx, a.id, a.status),
  }),
  deleteSubmission: t.boolean({
    description: 'Deletes a creation (kept, restorable by staff). Its creator may delete it before approval.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) },
    resolve: (_r, a, ctx) => service.deleteSubmission(ctx, a.id),
  }),
}));

