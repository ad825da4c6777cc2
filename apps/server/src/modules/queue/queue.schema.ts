import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import * as queueService from './queue.service';

const count = (id: Exclude<keyof queueService.Counts, 'unreadMessages'>, description: string) =>
  ({ description, resolve: (c: queueService.Counts) => c[id] ?? 0 }) as const;

const CountersRef = builder.objectRef<queueService.Counts>('Counters').implement({
  description: 'Queue sizes for the sidebar badges and overviews; each is the count of one queue definition.',
  fields: (t) => ({
    created: t.int(count('created', 'Not submitted yet (editing queue).')),
    waiting: t.int(count('waiting', 'Submitted, waiting for approval, no unfinished tests.')),
    testing: t.int(count('testing', 'Submitted, testing or approved with unfinished tests.')),
    updatesTesting: t.int(count('updatesTesting', 'With unfinished update-request tests.')),
    approved: t.int(count('approved', 'Approved, publish date still ahead.')),
    published: t.int(count('published', 'Approved with the publish date passed.')),
    deleted: t.int(count('deleted', 'Deleted.')),
    failedTesting: t.int(count('failedTesting', 'Uncleared failed tests on submitted or testing items.')),
    updatesFailedTesting: t.int(count('updatesFailedTesting', 'Uncleared failed update-request tests.')),
    rejected: t.int(count('rejected', 'Rejected.')),
    reported: t.int(count('reported', 'Approved with open reports.')),
    updated: t.int(count('updated', 'Pending update requests with no unfinished update tests.')),
    needsAttention: t.int(count('needsAttention', "Failed tests, rejections and reports on the creator's items.")),
    unreadMessages: t.exposeInt('unreadMessages', {
      description: 'Creator: unread conversations. Staff: conversations waiting for staff.',
    }),
  }),
});

builder.queryFields((t) => ({
  myCounters: t.field({
    type: CountersRef,
    description: "The signed-in creator's counters over their own creations.",
    authScopes: policy.signedIn,
    resolve: (_r, _a, ctx) => queueService.creatorCounters(ctx.db, ctx.auth.member!.id),
  }),
  staffCounters: t.field({
    type: CountersRef,
    description: 'Counters over every creation, for the staff sidebar and overview.',
    authScopes: policy.adminAccess,
    resolve: (_r, _a, ctx) => queueService.staffCounters(ctx.db, ctx.log),
  }),
}));
