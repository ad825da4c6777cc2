import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import * as service from './status.service';

builder.mutationFields((t) => ({
  updateSubmissionStatus: t.field({
    type: SubmissionPropertiesRef,
    description: 'The creator submits (CREATED → SUBMITTED, when nothing is missing and no automatic check fails) or withdraws (SUBMITTED → CREATED).',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true, description: 'The creation (submission) id.' }), status: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => service.updateSubmissionStatus(ctx, a.id, a.status),
  }),
}));
