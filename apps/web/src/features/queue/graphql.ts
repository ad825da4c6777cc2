import { graphql } from 'gql.tada';

/** Every queue count; the creator's (myCounters) and the staff's (staffCounters) have this shape. */
export const CountersFragment = graphql(`
  fragment CountersFields on Counters @_unmask {
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
`);
