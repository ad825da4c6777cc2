import type { CheckResult } from '@corner/domain';
import { builder } from '../../schema/builder';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import { canReadChecks } from './check.policy';
import * as service from './check.service';

const AutomaticCheckRef = builder.objectRef<CheckResult>('AutomaticCheck').implement({
  description: 'One automatic check of a creation: what reviewers would refuse, told before submitting.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'fileSet, onlyTrayFiles, gameFiles, gameMatches, catalogNames, catalogThumbnails, imageSize or usedContent.' }),
    title: t.exposeString('title'),
    outcome: t.exposeString('outcome', { description: 'pass, warning, failure, or pending while the server reads the files it needs.' }),
    message: t.exposeString('message', { description: 'What is wrong and what to do; for a pass, what was checked.' }),
  }),
});

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  automatic_checks: t.field({
    type: [AutomaticCheckRef],
    nullable: true,
    description: 'The automatic checks that apply to its kind, in order (docs/decisions.md, "Automatic checks"): for its creator and for staff who read files; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadChecks(ctx.auth, s) ? service.checksOfRow(ctx, s) : null),
  }),
}));
