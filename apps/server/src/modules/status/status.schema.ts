import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { given, SubmissionPropertiesInput, SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './status.service';

builder.mutationFields((t) => {
  const propertiesUpdate = (description: string) =>
    t.field({
      type: SubmissionPropertiesRef,
      description,
      authScopes: policy.signedIn,
      args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), input: t.arg({ type: SubmissionPropertiesInput, required: true }) },
      resolve: (_r, a, ctx) => service.updateProperties(ctx, a.id, given(a.input)),
    });
  return {
    updateSubmissionStatus: t.field({
      type: SubmissionPropertiesRef,
      description:
        'Changes the status as SPEC 4 allows the caller: the creator submits (CREATED → SUBMITTED, when nothing is missing and no automatic check fails) or withdraws (SUBMITTED → CREATED); staff move to TESTING (a test is opened), APPROVED (at the publish_at already set) or REJECTED (with the latest_rejection_reason already set), with the permissions and rules of createSubmissionTest, approveSubmission and rejectSubmission.',
      authScopes: policy.signedIn,
      args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), status: t.arg.string({ required: true }) },
      resolve: (_r, a, ctx) => service.updateSubmissionStatus(ctx, a.id, a.status),
    }),
    updateSubmissionProperties: propertiesUpdate('Changes the fields given. publish_at, latest_rejection_reason and team_member_id need the permission to approve and reject.'),
    updateSubmission: propertiesUpdate('SPEC 7’s generic update: the same as updateSubmissionProperties.'),
  };
});
