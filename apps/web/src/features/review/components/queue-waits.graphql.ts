import { graphql } from 'gql.tada';

/** How long the creations of each queue that waits on staff have waited (the overview). */
export const QueueWaitsQuery = graphql(`
  query QueueWaits {
    queueWaits {
      queue
      size
      median_hours
      oldest {
        id
        name
        hours
      }
      size_week_ago
    }
  }
`);
