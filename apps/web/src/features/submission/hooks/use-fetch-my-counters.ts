import { COUNTS_REFRESH_MS } from '@corner/domain';
import { useEffect, useMemo } from 'react';
import { useQuery } from 'urql';
import { useUnreadCount } from '../../message/hooks/use-unread-count';
import { MyCountersQuery } from '../graphql';

export interface FetchMyCountersOptions {
  /** Refetch from the network every COUNTS_REFRESH_MS; only the side menu does, the others share its result. */
  shouldRefresh?: boolean;
}

/** The signed-in creator's counters (sidebar badges, home cards). */
export function useFetchMyCounters({ shouldRefresh = false }: FetchMyCountersOptions = {}) {
  const [result, reexecute] = useQuery({ query: MyCountersQuery });
  useEffect(() => {
    if (!shouldRefresh) return;
    const timer = window.setInterval(() => reexecute({ requestPolicy: 'network-only' }), COUNTS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [shouldRefresh, reexecute]);
  // The unread badge has one definition (SPEC section 9), shared with the top bar.
  const unread = useUnreadCount();
  const myCounters = result.data?.myCounters;
  const counters = useMemo(
    () => (myCounters ? { ...myCounters, unreadMessages: unread ?? myCounters.unreadMessages } : null),
    [myCounters, unread],
  );
  return { counters, isFetching: result.fetching };
}
