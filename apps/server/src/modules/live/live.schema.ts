import { AuthorizationCode, refuse } from '../../errors';
import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { hearsAllConversations } from './live.policy';
import type { LiveEvent } from './live.service';

const LiveEventRef = builder.objectRef<LiveEvent>('LiveEvent').implement({
  description:
    'Something changed for the signed-in member: `notification` (their notifications) or `conversation` (a conversation of theirs, or for message staff any conversation). Clients refetch what they show.',
  fields: (t) => ({
    kind: t.exposeString('kind'),
    conversationId: t.int({ nullable: true, resolve: (e) => e.conversationId ?? null }),
  }),
});

builder.subscriptionType({});

builder.subscriptionField('liveEvents', (t) =>
  t.field({
    type: LiveEventRef,
    description: 'Live events for the signed-in member, over server-sent events (Accept: text/event-stream).',
    authScopes: policy.signedIn,
    // authScopes guard `resolve`; `subscribe` runs first, so it checks the session itself.
    subscribe: (_root, _args, ctx) => {
      if (!ctx.auth.member) throw refuse(ctx.auth, AuthorizationCode.NOT_SIGNED_IN);
      return ctx.live.events({ memberId: ctx.auth.member.id, isStaff: hearsAllConversations(ctx.auth) });
    },
    resolve: (event) => event,
  }),
);
