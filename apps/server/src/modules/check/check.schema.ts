import type { CheckResult } from '@corner/domain';
import { builder } from '../../schema/builder';
import { LegacyItemRef } from '../legacy/legacy.schema';
import { legacyItemOf } from '../legacy/legacy.service';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import { canReadChecks, canReadDuplicates, checkPolicy } from './check.policy';
import type { DuplicateMatch } from './duplicate.service';
import * as service from './check.service';

const AutomaticCheckRef = builder.objectRef<CheckResult>('AutomaticCheck').implement({
  description: 'One automatic check of a creation: what reviewers would refuse, told before submitting.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'fileSet, onlyTrayFiles, gameFiles, gameMatches, catalogNames, catalogThumbnails, polycount, imageSize or usedContent.' }),
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
    other: t.field({ type: SubmissionPropertiesRef, nullable: true, description: 'The other member’s creation; null when the match is an item of the older system.', resolve: (m) => m.other }),
    legacy_item_id: t.exposeInt('legacyItemId', { nullable: true, description: 'The other member’s item of the older system with the same file (not migrated), by its ID.' }),
    legacy_item: t.field({
      type: LegacyItemRef,
      nullable: true,
      description: 'That item of the older system; null when the match is a creation, or when the old system no longer has it.',
      resolve: (m, _a, ctx) => (m.legacyItemId === null ? null : legacyItemOf(ctx, m.legacyItemId)),
    }),
  }),
});

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  possible_duplicates: t.field({
    type: [DuplicateMatchRef],
    nullable: true,
    description: 'Possible copies: its files and ids met in other members’ creations, up to 50. For reviewers; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadDuplicates(ctx.auth) ? service.duplicatesForReview(ctx, s) : null),
  }),
  possible_duplicate: t.boolean({
    nullable: true,
    description: 'Flagged as a possible copy of another member’s creation (kept as it is submitted, read and reviewed). For reviewers; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadDuplicates(ctx.auth) ? s.possible_duplicate : null),
  }),
  creator_trusted: t.boolean({
    nullable: true,
    description: 'Whether staff trust its creator (setCreatorTrusted). For reviewers; null for anyone else. For one creation’s page, not for lists.',
    resolve: (s, _args, ctx) => (canReadDuplicates(ctx.auth) ? service.isCreatorTrusted(ctx, s.member_id) : null),
  }),
  fast_track: t.boolean({
    nullable: true,
    description: 'A trusted creator’s creation that passes every automatic check: first in the awaiting-approval queue. Nothing is approved without a person. For reviewers; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadDuplicates(ctx.auth) ? s.fast_track : null),
  }),
  automatic_checks: t.field({
    type: [AutomaticCheckRef],
    nullable: true,
    description: 'The automatic checks that apply to its kind, in order (docs/decisions.md, "Automatic checks"): for its creator and for staff who read files; null for anyone else.',
    resolve: (s, _args, ctx) => (canReadChecks(ctx.auth, s) ? service.checksOfRow(ctx, s) : null),
  }),
}));

const ReviewFlagCountsRef = builder.objectRef<{ possibleDuplicates: number; fastTrack: number }>('ReviewFlagCounts').implement({
  description: 'How many creations under review (submitted, testing, or with a pending update) carry each review flag.',
  fields: (t) => ({
    possibleDuplicates: t.exposeInt('possibleDuplicates', { description: 'Possible copies of another member’s creation.' }),
    fastTrack: t.exposeInt('fastTrack', { description: 'Trusted creators’ creations that pass every automatic check.' }),
  }),
});

builder.queryFields((t) => ({
  reviewFlagCounts: t.field({
    type: ReviewFlagCountsRef,
    description: 'The staff overview’s counts of flagged creations under review.',
    authScopes: checkPolicy.readFlags,
    resolve: (_r, _a, ctx) => service.reviewFlagCounts(ctx),
  }),
}));

builder.mutationFields((t) => ({
  setCreatorTrusted: t.boolean({
    description:
      'Marks a creator as trusted, or no longer (logged). Their creations that pass every automatic check go first in the awaiting-approval queue; nothing is approved without a person. Returns the new state.',
    authScopes: checkPolicy.trust,
    args: { member_id: t.arg.int({ required: true }), trusted: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => service.setCreatorTrusted(ctx, a.member_id, a.trusted),
  }),
}));
