import { graphql } from 'gql.tada';

/** The default of the approve dialog's date: the next free publishing slot. */
export const NextPublishSlotQuery = graphql(`
  query NextPublishSlot {
    nextPublishSlot
  }
`);
