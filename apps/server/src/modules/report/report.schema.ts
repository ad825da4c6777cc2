import { canKnowReporter, canReportSubmission } from './report.policy';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { paginatorOf } from '../../schema/paginator';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './report.service';

const ReportTypeRef = builder.objectRef<(typeof service.REPORT_TYPES)[number]>('ReportType').implement({
  description: 'A kind of problem a report names: `type` is stored, `name` is shown.',
  fields: (t) => ({ type: t.exposeString('type'), name: t.exposeString('name') }),
});

export const SubmissionReportRef = builder.objectRef<service.ReportRow>('SubmissionReport').implement({
  description: 'A report on an approved creation. Dismissing it sets deleted_at; restoring it clears it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    submission_id: t.exposeInt('submission_id'),
    type: t.exposeString('type'),
    note: t.exposeString('note', { nullable: true }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    deleted_at: t.expose('deleted_at', { type: 'DateTime', nullable: true }),
    member: t.field({
      type: MemberSummaryRef,
      nullable: true,
      description: 'Who reported it: shown to staff and to the reporter, not to the reported creator.',
      resolve: async (r, _a, ctx) => {
        return canKnowReporter(ctx.auth, r) ? loadMemberSummary(ctx, r.member_id) : null;
      },
    }),
    submission: t.field({ type: SubmissionPropertiesRef, resolve: (r, _a, ctx) => service.reportedSubmission(ctx, r) }),
  }),
});

const SubmissionReportPaginator = paginatorOf('SubmissionReport', SubmissionReportRef);

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  canReport: t.boolean({
    description: 'Whether the caller may report it now (createSubmissionReport): signed in, and it is approved and live.',
    resolve: (s, _a, ctx) => canReportSubmission(ctx.auth, s),
  }),
}));

builder.queryFields((t) => ({
  reportTypes: t.field({
    type: [ReportTypeRef],
    description: 'The kinds of problem a report may name.',
    authScopes: policy.public,
    resolve: () => [...service.REPORT_TYPES],
  }),
  getAllSubmissionReports: t.field({
    type: SubmissionReportPaginator,
    description:
      'Every report, newest first (the reported page). `type` keeps one kind (one of reportTypes; empty or left out: any). ' +
      '`state` is open (the default), dismissed or all; when `state` is given it wins over the older `include_dismissed` ' +
      '(true meaning all), which is read only when `state` is left out.',
    authScopes: policy.view('reported'),
    args: {
      first: t.arg.int(),
      page: t.arg.int(),
      include_dismissed: t.arg.boolean({ defaultValue: false, description: 'Older clients: true lists every state. Ignored when `state` is given.' }),
      type: t.arg.string({ description: 'Only reports of this kind (a `type` of reportTypes).' }),
      state: t.arg.string({ description: 'open (default), dismissed or all; wins over include_dismissed.' }),
    },
    resolve: (_r, a, ctx) => service.listAllReports(ctx, a),
  }),
  getSubmissionReports: t.field({
    type: SubmissionReportPaginator,
    description: 'One creation’s reports, newest first, for its owner or staff of the reported page.',
    authScopes: policy.signedIn,
    args: { submission_id: t.arg.int({ required: true }), first: t.arg.int(), page: t.arg.int(), include_dismissed: t.arg.boolean({ defaultValue: false }) },
    resolve: (_r, a, ctx) => service.listSubmissionReports(ctx, a),
  }),
}));

builder.mutationFields((t) => ({
  createSubmissionReport: t.field({
    type: SubmissionReportRef,
    description: 'Any signed-in member reports an approved creation; `type` is one of reportTypes.',
    authScopes: policy.signedIn,
    args: { submission_id: t.arg.int({ required: true }), type: t.arg.string(), note: t.arg.string() },
    resolve: (_r, a, ctx) => service.createReport(ctx, a),
  }),
  updateSubmissionReport: t.field({
    type: SubmissionReportRef,
    description: 'Staff correct a report’s type or note (fields left out keep their value).',
    authScopes: policy.edit('reported'),
    args: { id: t.arg.int({ required: true }), type: t.arg.string(), note: t.arg.string() },
    resolve: (_r, a, ctx) => service.updateReport(ctx, a.id, a),
  }),
  deleteSubmissionReport: t.boolean({
    description: 'Dismisses a report: it stays in the history with deleted_at set.',
    authScopes: policy.edit('reported'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.dismissReport(ctx, a.id),
  }),
  restoreSubmissionReport: t.field({
    type: SubmissionReportRef,
    description:
      'Restores a dismissed report (clears deleted_at), logged. Refused when its creation is no longer approved and live, ' +
      'or when its reporter has another open report on it; restoring an open report changes nothing.',
    authScopes: policy.edit('reported'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.restoreReport(ctx, a.id),
  }),
}));
