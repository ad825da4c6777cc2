import { graphql } from 'gql.tada';
import { useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { useMember } from '../../features/member/hooks/use-session';

export type LiveKind = 'notification' | 'conversation';

export interface LiveEvent {
  kind: LiveKind;
  conversationId: number | null;
}

/** Something changed for the signed-in member (server-sent events through urql). */
const LiveEventsSubscription = graphql(`
  subscription LiveEvents {
    liveEvents {
      kind
      conversationId
    }
  }
`);

/**
 * When the stream is down (a proxy that buffers, a dropped connection), lists still catch up:
 * every listener also gets a synthetic event this often.
 */
export const LIVE_FALLBACK_MS = 60_000;

function isLiveKind(value: string): value is LiveKind {
  return value === 'notification' || value === 'conversation';
}

/**
 * Calls `onEvent` for each live event of these kinds for the signed-in member, and once every
 * LIVE_FALLBACK_MS for each kind as a fallback. urql shares one stream between every caller (the
 * same subscription), so any number of components may listen. `onEvent` may change every render.
 */
export function useLiveEvents(kinds: readonly LiveKind[], onEvent: (event: LiveEvent) => void): void {
  const member = useMember();
  const handler = useRef(onEvent);
  const wanted = useRef(kinds);
  useEffect(() => {
    handler.current = onEvent;
    wanted.current = kinds;
  });

  useSubscription({ query: LiveEventsSubscription, pause: !member }, (_previous, data) => {
    const event = data.liveEvents;
    if (isLiveKind(event.kind) && wanted.current.includes(event.kind)) {
      handler.current({ kind: event.kind, conversationId: event.conversationId ?? null });
    }
    return data;
  });

  useEffect(() => {
    if (!member) return undefined;
    const timer = setInterval(() => {
      for (const kind of wanted.current) handler.current({ kind, conversationId: null });
    }, LIVE_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [member]);
}
