import { builder } from '../../schema/builder';
import { PaginatorInfoRef } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import * as service from './notification.service';

const NotificationRef = builder.objectRef<service.NotificationRow>('Notification').implement({
  description: 'Something that happened for the member: a creation approved, a reply, a report.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'approved | published | rejected | test_failed | update_approved | reply | report' }),
    seen: t.exposeBoolean('seen'),
    message: t.exposeString('message'),
    reference: t.exposeString('reference', { nullable: true, description: 'A portal path to open, e.g. /messages/12.' }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
  }),
});

const NotificationListRef = builder.objectRef<service.NotificationList>('NotificationList').implement({
  description: 'A page of the member’s notifications, with how many are unseen in all.',
  fields: (t) => ({
    data: t.field({ type: [NotificationRef], resolve: (l) => l.data }),
    paginatorInfo: t.field({ type: PaginatorInfoRef, resolve: (l) => l.paginatorInfo }),
    unseen: t.exposeInt('unseen'),
  }),
});

builder.queryFields((t) => ({
  getNotifications: t.field({
    type: NotificationListRef,
    description: 'The signed-in member’s notifications, newest first; unseen = count of unseen ones.',
    authScopes: policy.signedIn,
    args: { first: t.arg.int(), page: t.arg.int(), unseen_only: t.arg.boolean({ defaultValue: false }) },
    resolve: (_r, a, ctx) => service.listNotifications(ctx, a),
  }),
}));

builder.mutationFields((t) => ({
  clearNotifications: t.int({
    description: 'Marks the signed-in member’s notifications seen: those ids, or all when ids is omitted. Returns how many changed.',
    authScopes: policy.signedIn,
    args: { ids: t.arg.intList() },
    resolve: (_r, a, ctx) => service.clearNotifications(ctx, a.ids),
  }),
}));
