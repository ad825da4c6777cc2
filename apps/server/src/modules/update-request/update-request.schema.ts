import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import { FileRef, FileVersionRef } from '../file/file.schema';
import { ImageRef } from '../image/image.schema';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import { SubmissionTestRef } from '../review/review.schema';
import { loadSubmission } from '../submission/submission.access';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './update-request.service';


const UpdateRequestFileVersionRef = builder.objectRef<service.BroughtVersion>('UpdateRequestFileVersion').implement({
  description: 'The version of one file an update request brings: approving the request makes it the published version.',
  fields: (t) => ({
    file_id: t.exposeInt('file_id'),
    version: t.exposeInt('version'),
    file_version: t.field({
      type: FileVersionRef,
      nullable: true,
      description: 'That version’s details and download URL.',
      resolve: (v, _a, ctx) => service.broughtVersionView(ctx.db, v),
    }),
  }),
});

export const SubmissionUpdateRequestRef = builder.objectRef<service.UpdateRequestRow>('SubmissionUpdateRequest').implement({
  description:
    'A creator’s request to update an approved creation: a message, files with the version each brings, and images. Status PENDING, APPROVED or REJECTED; approving makes the brought versions the published ones.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    submission_id: t.exposeInt('submission_id'),
    message: t.exposeString('message'),
    status: t.exposeString('status'),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    updated_at: t.expose('updated_at', { type: 'DateTime' }),
    decision_note: t.string({
      nullable: true,
      description: 'What staff wrote when they approved or rejected it.',
      resolve: (r, _a, ctx) => service.decisionNoteOf(ctx.db, r),
    }),
    member: t.field({ type: MemberSummaryRef, nullable: true, description: 'Who sent it.', resolve: (r, _a, ctx) => loadMemberSummary(ctx, r.member_id) }),
    submission: t.field({ type: SubmissionPropertiesRef, resolve: (r, _a, ctx) => loadSubmission(ctx.db, r.submission_id) }),
    files: t.field({ type: [FileRef], description: 'The files it updates, oldest first.', resolve: (r, _a, ctx) => service.filesOf(ctx.db, r) }),
    file_versions: t.field({
      type: [UpdateRequestFileVersionRef],
      description: 'For each file, the version it brings (the newest when the request was sent).',
      resolve: (r, _a, ctx) => service.versionsBrought(ctx.db, r),
    }),
    images: t.field({ type: [ImageRef], description: 'Images it names, in the creation’s order.', resolve: (r, _a, ctx) => service.imagesOf(ctx.db, r) }),
    tests: t.field({
      type: [SubmissionTestRef],
      description: 'Its update tests, oldest first (staff; creators read them, without staff notes, in their creation’s tests).',
      resolve: (r, _a, ctx) => service.testsOf(ctx, r),
    }),
  }),
});

const SubmissionUpdateRequestPaginator = paginatorOf('SubmissionUpdateRequest', SubmissionUpdateRequestRef);

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  pending_update_request: t.field({
    type: SubmissionUpdateRequestRef,
    nullable: true,
    description: 'The update request waiting for review, for the owner and staff who read update requests (numUpdates counts all of them).',
    resolve: (s, _a, ctx) => service.pendingOf(ctx, s),
  }),
}));

builder.queryFields((t) => ({
  getSubmissionUpdateRequests: t.field({
    type: SubmissionUpdateRequestPaginator,
    description:
      'Update requests, newest first, optionally of one creation and with some statuses. Staff of the updated or testing pages read all; anyone else reads those on their own creations.',
    authScopes: policy.signedIn,
    args: {
      submission_id: t.arg.int(),
      status: t.arg.stringList({ description: 'PENDING, APPROVED, REJECTED (any of them).' }),
      first: t.arg.int(),
      page: t.arg.int(),
    },
    resolve: (_r, a, ctx) => service.listUpdateRequests(ctx, a),
  }),
  submissionUpdateRequest: t.field({
    type: SubmissionUpdateRequestRef,
    description: 'One update request, for the creation’s owner or staff of the updated or testing pages.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.updateRequestForView(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  createSubmissionUpdateRequest: t.field({
    type: SubmissionUpdateRequestRef,
    description:
      'The owner asks to update an approved creation: a message (required), files with a new version since the published one, images. One pending request at a time.',
    authScopes: policy.signedIn,
    args: {
      submission_id: t.arg.int({ required: true }),
      message: t.arg.string({ description: 'What the update changes (required).' }),
      file_ids: t.arg.intList(),
      image_ids: t.arg.intList(),
    },
    resolve: (_r, a, ctx) => service.createUpdateRequest(ctx, a),
  }),
  updateSubmissionUpdateRequest: t.field({
    type: SubmissionUpdateRequestRef,
    description:
      'Staff approve or reject a pending update request. APPROVED makes the versions it brings the published ones; `message` is staff’s note on the decision.',
    authScopes: policy.edit('updated'),
    args: { id: t.arg.int({ required: true }), status: t.arg.string({ required: true }), message: t.arg.string() },
    resolve: (_r, a, ctx) => service.decideUpdateRequest(ctx, a.id, a.status, a.message),
  }),
  deleteSubmissionUpdateRequest: t.boolean({
    description: 'The creator withdraws their pending update request.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.deleteUpdateRequest(ctx, a.id),
  }),
}));
