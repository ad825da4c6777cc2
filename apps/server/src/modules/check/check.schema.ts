import type { CheckResult } from '@corner/domain';
import { builder } from '../../schema/builder';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import { canReadChecks, canReadDuplicates } from './check.policy';
import { duplicatesOf, type DuplicateMatch } from './duplicate.service';
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

const DuplicateMatchRef = builder.objectRef<DuplicateMatch>('DuplicateMatch').implement({
  description: 'Where a creation meets another member’s: the same file, or an object or CAS part id both define.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'file (the same content), object or cas_part (an id both define).' }),
    id: t.exposeString('id', { description: 'The content’s sha256, or the 16-digit id.' }),
    filename: t.exposeString('filename', { nullable: true, description: 'This creation’s file that matches, for a file.' }),
    other: t.field({ type: SubmissionPropertiesRef, resolve: (m) => m.other }),
  }),
});

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  possible_duplicates: t.field({
    type: [DuplicateMatchRef],
    nullable: true,
    description: 'Possible copies: its files and ids met in other members’ creations, up to 50. For reviewers; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadDuplicates(ctx.auth) ? duplicatesOf(ctx.db, s) : null),
  }),
  automatic_checks: t.field({
    type: [AutomaticCheckRef],
    nullable: true,
    description: 'The automatic checks that apply to its kind, in order (docs/decisions.md, "Automatic checks"): for its creator and for staff who read files; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadChecks(ctx.auth, s) ? service.checksOfRow(ctx, s) : null),
  }),
}));
