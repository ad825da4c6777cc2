import { earlyAccessUntil, isInEarlyAccess, type MissingItem } from '@corner/domain';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import type { externalUrlRequirements, requiredItems } from '../../db/schema/index';
import { AttributeRef, CategoryRef, CollaborationRef, CollectionRef, ThemeRef } from '../catalog/catalog.schema';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary, memberSummaryPreload } from '../member/member.service';
import * as catalog from '../catalog/catalog.service';
import { submissionForView, type SubmissionRow } from './submission.access';
import { countReports, countUnclearedTests, countUpdateRequests, pagePreload, preloadField, rowCountsPreload } from './submission.loaders';
import { submissionAbilities, type SubmissionAbilities } from './submission.policy';
import * as service from './submission.service';
import { MY_ITEMS_FIELDS, countSubmissions, searchSubmissions } from './submission.search';

/**
 * A creation's properties (SPEC section 3). Other modules add their fields to it with
 * `builder.objectFields(SubmissionPropertiesRef, …)` beside their own types (images, files, …).
 */
export const SubmissionPropertiesRef = builder.objectRef<SubmissionRow>('SubmissionProperties');

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
    canSetEarlyAccess: t.exposeBoolean('canSetEarlyAccess', { description: 'Set early_access_days: a creator in a paid program, or staff who approve.' }),
    canSubmit: t.exposeBoolean('canSubmit', { description: 'Send it for review: its owner, as a draft or after a rejection.' }),
    canWithdraw: t.exposeBoolean('canWithdraw', { description: 'Take it back from the approval queue to drafts: its owner (refused while a test runs).' }),
    canDelete: t.exposeBoolean('canDelete', { description: 'Delete it: its owner before approval, or staff who manage published creations.' }),
    canApprove: t.exposeBoolean('canApprove', { description: 'Approve it: reviewers, while it waits for a decision.' }),
    canReject: t.exposeBoolean('canReject', { description: 'Reject it: reviewers, while it waits for a decision.' }),
    canTest: t.exposeBoolean('canTest', { description: 'Send it to test: testers, while it waits for a decision (or is in testing).' }),
    canAddFileVersions: t.exposeBoolean('canAddFileVersions', { description: 'Upload new versions of its files for an update request: its owner, once approved.' }),
  }),
});

// A page of creations reads these fields with its rows (submission.loaders, `preloadField`).
for (const field of ['numUpdates', 'numReports', 'numUnclearedTests']) preloadField(field, rowCountsPreload);
preloadField('creator', memberSummaryPreload('creator', 'member_id'));
preloadField('moderator', memberSummaryPreload('moderator', 'moderator_id'));
preloadField('category', catalog.categoryPreload);

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
    early_access_at: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When its early access ends: its publish date plus early_access_days; null without early access.',
      resolve: (s) => earlyAccessUntil(s),
    }),
    early_access: t.boolean({ description: 'Whether it is in early access now (only subscribers download it).', resolve: (s) => isInEarlyAccess(s) }),
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
      resolve: (s, _a, ctx) => service.attributesOf(ctx.db, s),
    }),
    themes: t.field({ type: [ThemeRef], resolve: (s, _a, ctx) => service.themesOf(ctx.db, s) }),
    collaborations: t.field({ type: [CollaborationRef], resolve: (s, _a, ctx) => service.collaborationsOf(ctx.db, s) }),
    collections: t.field({ type: [CollectionRef], resolve: (s, _a, ctx) => service.collectionsOf(ctx.db, s) }),
    recommended_items: t.field({ type: [SubmissionPropertiesRef], resolve: (s, _a, ctx) => service.recommendedItemsOf(ctx.db, s) }),
    required_items: t.field({ type: [RequiredItemRef], resolve: (s, _a, ctx) => service.requiredItemsOf(ctx.db, s) }),
    external_urls: t.field({ type: [ExternalUrlRef], resolve: (s, _a, ctx) => service.externalUrlsOf(ctx.db, s) }),
    set_items: t.field({
      type: [SubmissionPropertiesRef],
      description: "A set's children, in order; empty for other kinds.",
      resolve: (s, _a, ctx) => (s.model_type === 'set' ? service.setChildren(ctx.db, s.model_id) : []),
    }),
    submission_bridge: t.field({ type: BridgeRef, nullable: true, resolve: (s, _a, ctx) => service.bridgeOf(ctx.db, s) }),
    missing_items: t.field({
      type: [MissingItemRef],
      description: 'The completeness check: what is still missing before it can be submitted.',
      resolve: (s, _a, ctx) => service.completenessOf(ctx.db, s),
    }),
  }),
});

/** One page of creations: the lists of creators and staff alike. */
export const SubmissionPropertiesPaginator = paginatorOf('SubmissionProperties', SubmissionPropertiesRef);

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
  submissionProperties: t.field({
    type: SubmissionPropertiesRef,
    authScopes: policy.public,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) },
    resolve: (_r, args, ctx) => submissionForView(ctx, args.id),
  }),
  myItemsSearch: t.field({
    type: SubmissionPropertiesPaginator,
    description: "The signed-in creator's creations: a queue, filters, search, sort and page.",
    authScopes: policy.signedIn,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx, info) =>
      searchSubmissions(ctx.db, args.queryParams ?? {}, {
        ownerId: ctx.auth.member!.id,
        fields: MY_ITEMS_FIELDS,
        countBound: ctx.config.SEARCH_COUNT_BOUND,
        preload: pagePreload(ctx, info),
      }),
  }),
  myItemsCount: t.int({
    description: 'How many of the creator’s creations match the same queryParams.',
    authScopes: policy.signedIn,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx) => countSubmissions(ctx.db, args.queryParams ?? {}, { ownerId: ctx.auth.member!.id, fields: MY_ITEMS_FIELDS }),
  }),
}));

const RequiredDownloadInput = builder.inputType('RequiredDownloadInput', {
  fields: (t) => ({ type: t.string({ required: true, description: 'url, id or old_item_id' }), download: t.string({ required: true }), title: t.string() }),
});
const ExternalUrlInput = builder.inputType('ExternalUrlInput', {
  fields: (t) => ({ url: t.string({ required: true }), name: t.string(), image: t.string() }),
});
export const SubmissionPropertiesInput = builder.inputType('SubmissionPropertiesInput', {
  description:
    'Only the fields given change; lists replace the stored list. Text fields must use allowed characters. publish_at, latest_rejection_reason and team_member_id are for staff who approve and reject.',
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
    publish_at: t.field({ type: 'DateTime', description: 'Staff: when it is (to be) published; an approval through a status update takes it.' }),
    latest_rejection_reason: t.string({ description: 'Staff: the rejection text a status update to REJECTED takes.' }),
    team_member_id: t.int({ description: 'Staff: the team member the creation is assigned to (null: nobody).' }),
    early_access_days: t.int({ description: 'Days after its publish date only subscribers download it (0 to 30; 0: none). Creators in a paid program and staff.' }),
  }),
});

/** GraphQL sends explicit nulls; for "only what is given" those are kept (they clear a field). */
export const given = <T extends Record<string, unknown>>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

builder.mutationFields((t) => ({
  addRequiredItem: t.field({
    type: [RequiredItemRef],
    description: "Adds one required download at the end of a creation's list, unless it is there already; returns the whole list.",
    authScopes: policy.signedIn,
    args: { submission_id: t.arg.int({ required: true }), item: t.arg({ type: RequiredDownloadInput, required: true }) },
    resolve: (_r, a, ctx) => service.addRequiredItem(ctx, a.submission_id, given(a.item)),
  }),
  deleteSubmission: t.boolean({
    description: 'Deletes a creation (kept, restorable by staff). Its creator may delete it before approval.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }) },
    resolve: (_r, a, ctx) => service.deleteSubmission(ctx, a.id),
  }),
}));

