import type { OperationContext, UseQueryExecute } from 'urql';
import { useLiveEvents, type LiveEvent, type LiveKind } from '../../../app/live/use-live-events';

const NETWORK_ONLY: Partial<OperationContext> = { requestPolicy: 'network-only' };

/**
 * Re-runs a query from the network when a live event of one of `kinds` arrives (and on the
 * periodic fallback event), so lists and conversations update without reloading. `matches` picks
 * the events that concern this query (e.g. one conversation's).
 */
export function useLiveRefresh(kinds: readonly LiveKind[], reexecute: UseQueryExecute, matches?: (event: LiveEvent) => boolean): void {
  useLiveEvents(kinds, (event) => {
    if (!matches || matches(event)) reexecute(NETWORK_ONLY);
  });
}
