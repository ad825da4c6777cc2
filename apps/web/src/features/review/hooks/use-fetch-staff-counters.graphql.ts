import { graphql } from 'gql.tada';
import { CountersFragment } from '../../queue/graphql';

/** Counters over every creation: staff sidebar badges and the staff overview. */
export const StaffCountersQuery = graphql(
  `
    query StaffCounters {
      staffCounters {
        ...CountersFields
      }
    }
  `,
  [CountersFragment],
);
