import { graphql } from 'gql.tada';

/** Counters over every creation: staff sidebar badges and the staff overview. */
export const StaffCountersQuery = graphql(`
  query StaffCounters {
    staffCounters {
      created
      waiting
      approved
      testing
      published
      needsAttention
      failedTesting
      updated
      rejected
      reported
      updatesTesting
      updatesFailedTesting
      deleted
      unreadMessages
    }
  }
`);
