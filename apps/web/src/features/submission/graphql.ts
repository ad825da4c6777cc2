import { graphql } from 'gql.tada';

/** The signed-in creator's own counters: sidebar badges and home cards. */
export const MyCountersQuery = graphql(`
  query MyCounters {
    myCounters {
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
