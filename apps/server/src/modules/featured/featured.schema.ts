import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './featured.service';

export const FeaturedSubmissionRef = builder.objectRef<service.FeaturedRow>('FeaturedSubmission').implement({
  description: 'A featured list: approved or published creations in order, shown from publish_at in the slot named by type and index.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type'),
    index: t.exposeInt('index'),
    name: t.exposeString('name', { nullable: true }),
    publish_at: t.expose('publish_at', { type: 'DateTime' }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    updated_at: t.expose('updated_at', { type: 'DateTime' }),
    member: t.field({
      type: MemberSummaryRef,
      nullable: true,
      description: 'Who made the list.',
      resolve: (f, _a, ctx) => loadMemberSummary(ctx, f.member_id),
    }),
    submissions: t.field({ type: [SubmissionPropertiesRef], description: 'Its creations, in order.', resolve: (f, _a, ctx) => service.submissionsOf(ctx.db, f.id) }),
  }),
});

const FeaturedSubmissionPaginator = paginatorOf('FeaturedSubmission', FeaturedSubmissionRef);

builder.queryFields((t) => ({
  featuredSubmissionsSearch: t.field({
    type: FeaturedSubmissionPaginator,
    description: 'Featured lists, newest publish date first; of one type when given.',
    authScopes: policy.view('featured'),
    args: { type: t.arg.string(), first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => service.searchFeatured(ctx, a),
  }),
  featuredSubmissions: t.field({
    type: FeaturedSubmissionRef,
    description: 'One featured list.',
    authScopes: policy.view('featured'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.featuredById(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  createFeaturedSubmission: t.field({
    type: FeaturedSubmissionRef,
    description: 'Creates a featured list. type, index and publish_at are required; submission_ids in the order to show.',
    authScopes: policy.edit('featured'),
    args: {
      type: t.arg.string(),
      index: t.arg.int(),
      name: t.arg.string(),
      publish_at: t.arg({ type: 'DateTime' }),
      submission_ids: t.arg.intList(),
    },
    resolve: (_r, a, ctx) => service.createFeatured(ctx, a),
  }),
  updateFeaturedSubmission: t.field({
    type: FeaturedSubmissionRef,
    description: 'Changes the fields given (type, index and publish_at cannot be cleared); submission_ids replaces the list.',
    authScopes: policy.edit('featured'),
    args: {
      id: t.arg.int({ required: true }),
      type: t.arg.string(),
      index: t.arg.int(),
      name: t.arg.string(),
      publish_at: t.arg({ type: 'DateTime' }),
      submission_ids: t.arg.intList(),
    },
    resolve: (_r, { id, ...a }, ctx) => service.updateFeatured(ctx, id, a),
  }),
  reorderFeaturedSubmissions: t.field({
    type: FeaturedSubmissionRef,
    description: 'Puts the list’s creations in the given order; it must name each exactly once.',
    authScopes: policy.edit('featured'),
    args: { id: t.arg.int({ required: true }), submission_ids: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => service.reorderFeatured(ctx, a.id, a.submission_ids),
  }),
  deleteFeaturedSubmission: t.boolean({
    description: 'Deletes a featured list.',
    authScopes: policy.edit('featured'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.deleteFeatured(ctx, a.id),
  }),
}));
