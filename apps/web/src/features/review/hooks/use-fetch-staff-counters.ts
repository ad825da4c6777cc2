import { COUNTS_REFRESH_MS } from '@corner/domain';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { StaffCountersQuery } from './use-fetch-staff-counters.graphql';

export interface FetchStaffCountersOptions {
  /** Only members with admin access ask for staff counters. */
  isEnabled: boolean;
  /** Refetch from the network every COUNTS_REFRESH_MS (the staff side menu). */
  shouldRefresh?: boolean;
}

/** Counters over every creation. A failed count is logged and reads as 0 (SPEC section 8). */
export function useFetchStaffCounters({ isEnabled, shouldRefresh = false }: FetchStaffCountersOptions) {
  const [result, reexecute] = useQuery({ query: StaffCountersQuery, pause: !isEnabled });
  useEffect(() => {
    if (!isEnabled || !shouldRefresh) return;
    const timer = window.setInterval(() => reexecute({ requestPolicy: 'network-only' }), COUNTS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [isEnabled, shouldRefresh, reexecute]);
  const { error } = result;
  useEffect(() => {
    if (error && shouldRefresh) console.error('Error counting submissions', error);
  }, [error, shouldRefresh]);
  return { counters: result.data?.staffCounters ?? null, isFetching: result.fetching, hasFailed: Boolean(error) };
}
