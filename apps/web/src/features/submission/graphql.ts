import { graphql } from 'gql.tada';
import { CountersFragment } from '../queue/graphql';

/** The signed-in creator's own counters: sidebar badges and home cards. */
export const MyCountersQuery = graphql(
  `
    query MyCounters {
      myCounters {
        ...CountersFields
      }
    }
  `,
  [CountersFragment],
);
