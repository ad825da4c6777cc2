import { graphql } from 'gql.tada';

/** Queue sizes per day for the overview's chart (the last point is today, live). */
export const QueueHistoryQuery = graphql(`
  query QueueHistory($days: Int) {
    queueHistory(days: $days) {
      day
      isLive
      waiting
      testing
      failedTesting
      rejected
      reported
      updated
      updatesTesting
      approved
    }
  }
`);
