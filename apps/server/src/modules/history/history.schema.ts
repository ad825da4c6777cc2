// The history of a creation: submissionLogs.
import { builder } from '../../schema/builder';
import { paginatorOf } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import { MemberSummaryRef } from '../member/member.schema';
import { submissionLogs, type LogView } from './history.service';

export const SubmissionLogRef = builder.objectRef<LogView>('SubmissionLog').implement({
  description:
    'One change to a creation, its tests or files: what it was (previous_values) and became (new_values), who did it and when. `entity` names what changed (submission, test, file, …), `action` how (created, approved, rejected, …).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    submission_id: t.exposeInt('submission_id', { nullable: true }),
    entity: t.exposeString('entity'),
    entity_id: t.exposeInt('entity_id', { nullable: true }),
    action: t.exposeString('action'),
    previous_values: t.expose('previous_values', { type: 'JSON', nullable: true }),
    new_values: t.expose('new_values', { type: 'JSON', nullable: true }),
    member: t.field({ type: MemberSummaryRef, nullable: true, description: 'Who did it; null for the system (scheduled publication).', resolve: (l) => l.member }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
  }),
});

const SubmissionLogPaginator = paginatorOf('SubmissionLog', SubmissionLogRef);

builder.queryFields((t) => ({
  submissionLogs: t.field({
    type: SubmissionLogPaginator,
    description: "A creation's history, newest first (its creator and staff).",
    authScopes: policy.signedIn,
    args: { submission_id: t.arg.int({ required: true }), first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => submissionLogs(ctx, a.submission_id, a.first, a.page),
  }),
}));
