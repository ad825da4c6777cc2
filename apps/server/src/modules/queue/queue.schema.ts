import { STAFF_COUNTER_QUEUES, type QueueId } from '@corner/domain';
import type { Context } from '../../context';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { QueryParams, SubmissionPropertiesPaginator } from '../submission/submission.schema';
import {
  countSubmissions,
  queueOf,
  searchSubmissions,
  STAFF_ITEMS_FIELDS,
  type QueryParams as QueryParamsInput,
} from '../submission/submission.search';
import { validationError } from '../../errors';
import { assertMayReadQueue, queuePolicy } from './queue.policy';
import * as queueService from './queue.service';
import { SubmissionPropertiesRef } from '../submission/submission.schema';
import { pagePreload } from '../submission/submission.loaders';
import { queuePositionOf, queueWaits, type QueuePosition, type QueueWait } from './queue-position.service';

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
    authScopes: queuePolicy.overview,
    resolve: (_r, _a, ctx) => queueService.staffCounters(ctx.db, ctx.log),
  }),
}));

/** A staff search over every creator: the queue's page permission first, then its list. */
function staffSearch(ctx: Context, params: QueryParamsInput, options: { everyLiveCreation?: boolean } = {}) {
  if (options.everyLiveCreation && params.queue && params.queue !== 'all') {
    throw validationError({ 'queryParams.queue': ['itemsSearch looks at every live creation; use newItemsSearch for a queue.'] });
  }
  assertMayReadQueue(ctx, queueOf(params));
  return {
    fields: STAFF_ITEMS_FIELDS,
    searchCreator: true,
    wholeQueueCount: (queue: QueueId) => queueService.loadWholeQueueCount(ctx, queue),
    countBound: ctx.config.SEARCH_COUNT_BOUND,
    ...(options.everyLiveCreation ? { defaultSort: { field: 'created_at', order: 'desc' } as const } : {}),
  };
}

const StaffQueueSizesRef = builder.objectRef<queueService.QueueHistoryDay>('QueueHistoryDay').implement({
  description: "The staff queues' sizes on one day (UTC), for the overview chart.",
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD (UTC).' }),
    isLive: t.exposeBoolean('isLive', { description: "Today's point: live counts, not a snapshot." }),
    ...Object.fromEntries(
      STAFF_COUNTER_QUEUES.map((queue) => [
        queue,
        t.int({ nullable: true, description: `The ${queue} queue (null when the day's snapshot lacks it).`, resolve: (d) => d.counts[queue] ?? null }),
      ]),
    ),
  }),
});

builder.queryFields((t) => ({
  newItemsSearch: t.field({
    type: SubmissionPropertiesPaginator,
    description:
      "Staff: one page of a queue over every creator's creations, with terms, search (name, keywords, creator's user name, id), sort and page. Needs the queue's page permission.",
    authScopes: queuePolicy.staffSearch,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx, info) => {
      const params = args.queryParams ?? {};
      return searchSubmissions(ctx.db, params, { ...staffSearch(ctx, params), preload: pagePreload(ctx, info) });
    },
  }),
  newItemsCount: t.int({
    description: 'Staff: how many creations match the same queryParams as newItemsSearch (a whole queue is its badge count).',
    authScopes: queuePolicy.staffSearch,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx) => {
      const params = args.queryParams ?? {};
      return countSubmissions(ctx.db, params, staffSearch(ctx, params));
    },
  }),
  itemsSearch: t.field({
    type: SubmissionPropertiesPaginator,
    description:
      "Staff: every live creation of any creator (e.g. a creator's earlier submissions: term member_id), newest first unless sorted.",
    authScopes: queuePolicy.staffSearch,
    args: { queryParams: t.arg({ type: QueryParams }) },
    resolve: (_r, args, ctx, info) => {
      const params = args.queryParams ?? {};
      return searchSubmissions(ctx.db, params, { ...staffSearch(ctx, params, { everyLiveCreation: true }), preload: pagePreload(ctx, info) });
    },
  }),
  queueHistory: t.field({
    type: [StaffQueueSizesRef],
    description: "The staff queues' sizes per day over the last `days` days (at most 366), oldest first; today is live.",
    authScopes: queuePolicy.overview,
    args: { days: t.arg.int({ defaultValue: 28 }) },
    resolve: (_r, args, ctx) => queueService.queueHistory(ctx.db, ctx.log, args.days ?? 28),
  }),
}));

const QueuePositionRef = builder.objectRef<QueuePosition>('QueuePosition').implement({
  description: 'Where a creation waits in the awaiting-approval queue, and how long it may wait (from the last four weeks’ review decisions).',
  fields: (t) => ({
    position: t.exposeInt('position', { description: '1 for the next creation a reviewer takes.' }),
    waiting: t.exposeInt('waiting', { description: 'How many creations wait in all.' }),
    estimate_low_days: t.int({ nullable: true, description: 'The wait, in whole days, at a busy pace; null with too little data.', resolve: (p) => p.days?.low ?? null }),
    estimate_high_days: t.int({ nullable: true, description: 'The wait at a slow pace; null with too little data.', resolve: (p) => p.days?.high ?? null }),
    decisions: t.exposeInt('decisions', { description: 'Approvals and rejections in the last 28 days, which the estimate rests on.' }),
  }),
});

builder.objectFields(SubmissionPropertiesRef, (t) => ({
  queue_position: t.field({
    type: QueuePositionRef,
    nullable: true,
    description: 'Its place in the awaiting-approval queue; null when it is not waiting there.',
    resolve: (s, _args, ctx) => queuePositionOf(ctx.db, s),
  }),
}));

const OldestWaitingRef = builder.objectRef<NonNullable<QueueWait['oldest']>>('OldestWaiting').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), hours: t.exposeInt('hours', { description: 'Hours since its last change.' }) }),
});

const QueueWaitRef = builder.objectRef<QueueWait>('QueueWait').implement({
  description: 'How long the creations of a queue that waits on staff have waited.',
  fields: (t) => ({
    queue: t.exposeString('queue'),
    size: t.exposeInt('size'),
    median_hours: t.exposeInt('medianHours', { nullable: true, description: 'Median hours since their last change; null when empty.' }),
    oldest: t.field({ type: OldestWaitingRef, nullable: true, resolve: (w) => w.oldest }),
    size_week_ago: t.exposeInt('sizeWeekAgo', { nullable: true, description: 'Its size a week ago, from the daily snapshot, for the trend.' }),
  }),
});

builder.queryFields((t) => ({
  queueWaits: t.field({
    type: [QueueWaitRef],
    description: 'For each queue that waits on staff: its median wait, the creation waiting longest, and its size a week ago.',
    authScopes: queuePolicy.overview,
    resolve: (_r, _args, ctx) => queueWaits(ctx.db),
  }),
}));
