import { COUNTS_REFRESH_MS } from '@corner/domain';
import { useEffect } from 'react';
import { useQuery } from 'urql';
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
  return { counters: result.data?.myCounters ?? null, isFetching: result.fetching };
}
