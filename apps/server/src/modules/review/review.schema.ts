import type { Context } from '../../context';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { FileRef } from '../file/file.schema';
import { ImageRef } from '../image/image.schema';
import { MemberSummaryPaginator, MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import { isOwner, type SubmissionRow } from '../submission/submission.access';
import { preloadField } from '../submission/submission.loaders';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import { checklistKind, CHECKLIST_KINDS, loadReviewData, type ChecklistItem, type RejectionTemplate } from './review-data';
import { freshLock, lockForReview, releaseLock, type ReviewLockView } from './review-lock.service';
import * as testService from './review-test.service';
import { reviewError } from './review.errors';
import { isStaff, reviewPolicy } from './review.policy';
import * as service from './review.service';

// Read when the schema loads: a broken data file stops the start with a message naming it.
const reviewData = loadReviewData();


/** A test of a creation or of one of its update requests, as staff see it. */
export const SubmissionTestRef = builder.objectRef<testService.TestRow>('SubmissionTest').implement({
  description:
    'A test of a creation (update_request_id null) or of one of its update requests. status OPEN, IN_PROGRESS, DONE or CLEARED; test_result PASSED or FAILED once DONE.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    submission_id: t.exposeInt('submission_id'),
    update_request_id: t.exposeInt('update_request_id', { nullable: true }),
    status: t.exposeString('status'),
    test_result: t.exposeString('test_result', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true, description: 'What to test, from whoever opened the test.' }),
    test_notes: t.exposeString('test_notes', { nullable: true, description: 'What the tester found; the creator sees these.' }),
    tester_notes: t.exposeString('tester_notes', { nullable: true, description: 'Staff-only notes; never shown to the creator.' }),
    images: t.field({ type: [ImageRef], resolve: (test, _a, ctx) => testService.imagesOfTest(ctx.db, test.id) }),
    files: t.field({ type: [FileRef], resolve: (test, _a, ctx) => testService.filesOfTest(ctx.db, test.id) }),
    member: t.field({ type: MemberSummaryRef, nullable: true, description: 'Who opened the test.', resolve: (test, _a, ctx) => loadMemberSummary(ctx, test.member_id) }),
    tester: t.field({ type: MemberSummaryRef, nullable: true, resolve: (test, _a, ctx) => loadMemberSummary(ctx, test.tester_id) }),
    cleared_at: t.expose('cleared_at', { type: 'DateTime', nullable: true }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    updated_at: t.expose('updated_at', { type: 'DateTime' }),
  }),
});

/** What a creator sees of a test of their creation: no staff-only notes, no names. */
const CreatorSubmissionTestRef = builder.objectRef<testService.TestRow>('CreatorSubmissionTest').implement({
  description: "A test of the creator's creation as the creator sees it: status, result and the tester's notes for them.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    update_request_id: t.exposeInt('update_request_id', { nullable: true }),
    status: t.exposeString('status'),
    test_result: t.exposeString('test_result', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    test_notes: t.exposeString('test_notes', { nullable: true }),
    images: t.field({ type: [ImageRef], resolve: (test, _a, ctx) => testService.imagesOfTest(ctx.db, test.id) }),
    cleared_at: t.expose('cleared_at', { type: 'DateTime', nullable: true }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    updated_at: t.expose('updated_at', { type: 'DateTime' }),
  }),
});

const ReviewLockRef = builder.objectRef<ReviewLockView>('ReviewLock').implement({
  description: 'Who is reviewing a creation right now. A lock without a heartbeat for 2 minutes is gone.',
  fields: (t) => ({
    submission_id: t.exposeInt('submission_id'),
    member: t.field({ type: MemberSummaryRef, resolve: (l) => l.member }),
    locked_at: t.expose('locked_at', { type: 'DateTime', description: 'Since when this reviewer holds it.' }),
    heartbeat_at: t.expose('heartbeat_at', { type: 'DateTime' }),
    is_mine: t.exposeBoolean('is_mine'),
  }),
});

const BulkApprovalRef = builder.objectRef<service.BulkApproval>('BulkApprovalResult').implement({
  description: 'What happened to one creation of a bulk approval: approved, or why not (code and message).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    approved: t.exposeBoolean('approved'),
    code: t.exposeString('code', { nullable: true }),
    message: t.exposeString('message', { nullable: true }),
    submission: t.field({ type: SubmissionPropertiesRef, nullable: true, resolve: (r) => r.submission }),
  }),
});

const ChecklistItemRef = builder.objectRef<ChecklistItem>('ReviewChecklistItem').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    label: t.exposeString('label'),
    hint: t.string({ nullable: true, resolve: (i) => i.hint ?? null }),
  }),
});

const ChecklistRef = builder.objectRef<{ model_type: string; items: ChecklistItem[] }>('ReviewChecklist').implement({
  description: 'What a reviewer checks for one kind of creation.',
  fields: (t) => ({
    model_type: t.exposeString('model_type'),
    items: t.field({ type: [ChecklistItemRef], resolve: (c) => c.items }),
  }),
});

const RejectionTemplateRef = builder.objectRef<RejectionTemplate>('RejectionTemplate').implement({
  description: 'A ready-written rejection message; model_types empty means it fits every kind.',
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    model_types: t.exposeStringList('model_types'),
    message: t.exposeString('message'),
  }),
});

/** The owner or staff see a creation's tests (the creator reads failed-test notes on the creation page). */
function mayReadTests(ctx: Context, s: SubmissionRow): boolean {
  return isOwner(ctx, s) || isStaff(ctx);
}

preloadField('tests', testService.testsPreload);

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  tests: t.field({
    type: [CreatorSubmissionTestRef],
    description: 'Its tests, newest first, as the creator may see them (owner and staff; empty for anyone else).',
    resolve: (s, _a, ctx) => (mayReadTests(ctx, s) ? testService.loadTests(ctx, s.id) : []),
  }),
  review_lock: t.field({
    type: ReviewLockRef,
    nullable: true,
    description: 'Who is reviewing it right now (staff only; null when nobody is).',
    resolve: (s, _a, ctx) => (isStaff(ctx) ? freshLock(ctx.db, ctx, s.id) : null),
  }),
  team_member: t.field({
    type: MemberSummaryRef,
    nullable: true,
    description: 'The team member it is assigned to.',
    resolve: (s, _a, ctx) => loadMemberSummary(ctx, s.team_member_id),
  }),
}));

const ID_DESCRIPTION = 'The creation (submission) id.';

builder.queryFields((t) => ({
  getSubmissionTests: t.field({
    type: [SubmissionTestRef],
    description: "A creation's tests, newest first; only one update request's with update_request_id.",
    authScopes: reviewPolicy.viewTests,
    args: { submission_id: t.arg.int({ required: true }), update_request_id: t.arg.int() },
    resolve: (_r, a, ctx) => testService.listTests(ctx.db, a.submission_id, a.update_request_id),
  }),
  nextPublishSlot: t.field({
    type: 'DateTime',
    description: 'The next free publishing slot (a whole hour in which nothing is scheduled): the default publish_at when approving.',
    authScopes: reviewPolicy.viewDecide,
    resolve: (_r, _a, ctx) => service.nextPublishSlot(ctx.db),
  }),
  searchArtists: t.field({
    type: MemberSummaryPaginator,
    description: 'Members whose user name contains `name`, by name (publish as, assign).',
    authScopes: reviewPolicy.searchArtists,
    args: { name: t.arg.string(), first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => service.searchArtists(ctx.db, a.name, a.first, a.page),
  }),
  reviewChecklist: t.field({
    type: ChecklistRef,
    description: 'What a reviewer checks for a kind of creation (item, set, lot, room, sim, mod).',
    authScopes: reviewPolicy.viewDecide,
    args: { model_type: t.arg.string({ required: true }) },
    resolve: (_r, a) => {
      const kind = checklistKind(a.model_type);
      if (!kind) throw reviewError('REVIEW_KIND_UNKNOWN', { kind: a.model_type, kinds: CHECKLIST_KINDS });
      return { model_type: kind, items: reviewData.checklists[kind] };
    },
  }),
  rejectionTemplates: t.field({
    type: [RejectionTemplateRef],
    description: 'Ready-written rejection messages; with model_type, those that fit that kind.',
    authScopes: reviewPolicy.viewDecide,
    args: { model_type: t.arg.string() },
    resolve: (_r, a) => {
      if (a.model_type == null) return reviewData.templates;
      const kind = checklistKind(a.model_type);
      if (!kind) throw reviewError('REVIEW_KIND_UNKNOWN', { kind: a.model_type, kinds: CHECKLIST_KINDS });
      return reviewData.templates.filter((tpl) => tpl.model_types.length === 0 || tpl.model_types.includes(kind));
    },
  }),
}));

builder.mutationFields((t) => ({
  createSubmissionTest: t.field({
    type: SubmissionTestRef,
    description: 'Opens a test (OPEN). A test of the creation itself takes a SUBMITTED creation to TESTING.',
    authScopes: reviewPolicy.editTests,
    args: { submission_id: t.arg.int({ required: true }), update_request_id: t.arg.int(), notes: t.arg.string(), tester_id: t.arg.int() },
    resolve: (_r, a, ctx) => testService.createTest(ctx, a),
  }),
  updateSubmissionTest: t.field({
    type: SubmissionTestRef,
    description:
      'Works a test. DONE needs test_result; when the last unfinished test of a TESTING creation is done, it is SUBMITTED again. image_ids and file_ids replace the attached lists.',
    authScopes: reviewPolicy.editTests,
    args: {
      id: t.arg.int({ required: true }),
      status: t.arg.string(),
      notes: t.arg.string(),
      test_notes: t.arg.string(),
      tester_notes: t.arg.string(),
      test_result: t.arg.string(),
      image_ids: t.arg.intList(),
      file_ids: t.arg.intList(),
    },
    resolve: (_r, { id, ...input }, ctx) => testService.updateTest(ctx, id, input),
  }),
  deleteSubmissionTest: t.boolean({
    description: 'Removes a test opened by mistake.',
    authScopes: reviewPolicy.editTests,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => testService.deleteTest(ctx, a.id),
  }),
  clearSubmissionTest: t.field({
    type: SubmissionTestRef,
    description: 'Confirms a failed test as dealt with (DONE, FAILED → CLEARED).',
    authScopes: reviewPolicy.clearTests,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => testService.clearTest(ctx, a.id),
  }),
  approveSubmission: t.field({
    type: SubmissionPropertiesRef,
    description: 'Approves a SUBMITTED or TESTING creation for publication at publish_at (required). Failed tests not yet cleared are cleared.',
    authScopes: reviewPolicy.decide,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }), publish_at: t.arg({ type: 'DateTime' }) },
    resolve: (_r, a, ctx) => service.approveSubmission(ctx, a.id, a.publish_at),
  }),
  approveSubmissions: t.field({
    type: [BulkApprovalRef],
    description: 'Approves several creations with one publish_at; answers per id (creations another reviewer holds are skipped).',
    authScopes: reviewPolicy.decide,
    args: { ids: t.arg.intList({ required: true }), publish_at: t.arg({ type: 'DateTime' }) },
    resolve: (_r, a, ctx) => service.approveSubmissions(ctx, a.ids, a.publish_at),
  }),
  rejectSubmission: t.field({
    type: SubmissionPropertiesRef,
    description: 'Rejects a SUBMITTED or TESTING creation with reasons (rejectionCategories) and/or a message; sets latest_rejection_reason.',
    authScopes: reviewPolicy.decide,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }), reason_ids: t.arg.intList({ required: true }), message: t.arg.string() },
    resolve: (_r, a, ctx) => service.rejectSubmission(ctx, a.id, a.reason_ids, a.message),
  }),
  undoReviewDecision: t.field({
    type: SubmissionPropertiesRef,
    description: "Undoes the caller's own last approval or rejection of a creation, within 10 minutes and if nothing changed since.",
    authScopes: reviewPolicy.decide,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }) },
    resolve: (_r, a, ctx) => service.undoReviewDecision(ctx, a.id),
  }),
  publishSubmissionAs: t.field({
    type: SubmissionPropertiesRef,
    description: 'Makes member_id the owner of a creation (staff publishing for another artist).',
    authScopes: reviewPolicy.publishAs,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }), member_id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.publishSubmissionAs(ctx, a.id, a.member_id),
  }),
  assignToTeamMember: t.field({
    type: SubmissionPropertiesRef,
    description: 'Assigns a creation to a team member (admin access), or unassigns it with member_id null.',
    authScopes: reviewPolicy.decide,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }), member_id: t.arg.int() },
    resolve: (_r, a, ctx) => service.assignToTeamMember(ctx, a.id, a.member_id),
  }),
  restoreSubmission: t.field({
    type: SubmissionPropertiesRef,
    description: 'Restores a deleted creation: staff with page-published:edit, or its creator when it was never approved.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }) },
    resolve: (_r, a, ctx) => service.restoreSubmission(ctx, a.id),
  }),
  lockSubmissionForReview: t.field({
    type: ReviewLockRef,
    description:
      "Takes or refreshes (heartbeat) the caller's review lock. Held by someone else: answers their lock without taking it, unless force.",
    authScopes: reviewPolicy.lock,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }), force: t.arg.boolean() },
    resolve: (_r, a, ctx) => lockForReview(ctx, a.id, a.force ?? false),
  }),
  releaseReviewLock: t.boolean({
    description: "Lets go of the caller's review lock; false when the caller held none.",
    authScopes: reviewPolicy.lock,
    args: { id: t.arg.int({ required: true, description: ID_DESCRIPTION }) },
    resolve: (_r, a, ctx) => releaseLock(ctx, a.id),
  }),
}));
