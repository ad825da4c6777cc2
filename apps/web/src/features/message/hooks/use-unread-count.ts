import { UNREAD_EXCLUDED_TAGS, UNREAD_PAGE_SIZE } from '@corner/domain';
import { useCallback } from 'react';
import { useClient, useQuery, type Client } from 'urql';
import { useLiveEvents, type LiveKind } from '../../../app/live/use-live-events';
import { UnreadConversationsQuery } from '../graphql';

/**
 * The one definition of the creator's unread badge (SPEC section 9): conversations in the mailbox
 * submissions, 99 a page, without the tags user-read or user-deleted; the badge is their total.
 */
const UNREAD_VARIABLES = { first: UNREAD_PAGE_SIZE, exclude_tags: [...UNREAD_EXCLUDED_TAGS] };
// Constant (see urql): an empty answer names no Conversation, yet every conversation change counts.
const UNREAD_CONTEXT = { additionalTypenames: ['Conversation'] };
const LIVE_KINDS: readonly LiveKind[] = ['conversation'];

/** The signed-in creator's unread conversations, kept fresh by live events; null until known. */
export function useUnreadCount({ isEnabled = true }: { isEnabled?: boolean } = {}): number | null {
  const [result, reexecute] = useQuery({
    query: UnreadConversationsQuery,
    variables: UNREAD_VARIABLES,
    context: UNREAD_CONTEXT,
    pause: !isEnabled,
  });
  useLiveEvents(LIVE_KINDS, () => reexecute({ requestPolicy: 'network-only' }));
  return result.data?.conversations.paginatorInfo.total ?? null;
}

/**
 * Asks the server again for the badge: every badge on screen (menu, top bar, home card) shares the
 * operation, so they all update. Used after opening a conversation, which marks it read.
 */
export function refreshUnreadCount(client: Client): void {
  void client.query(UnreadConversationsQuery, UNREAD_VARIABLES, { ...UNREAD_CONTEXT, requestPolicy: 'network-only' }).toPromise();
}

/** The client, for refreshUnreadCount. */
export function useRefreshUnreadCount(): () => void {
  const client = useClient();
  return useCallback(() => refreshUnreadCount(client), [client]);
}
