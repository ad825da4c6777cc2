import { graphql } from 'gql.tada';

/** The bell: the newest notifications and how many are unseen. */
export const NotificationsQuery = graphql(`
  query Notifications($first: Int) {
    getNotifications(first: $first) {
      data {
        id
        type
        seen
        message
        reference
        createdAt
      }
      unseen
    }
  }
`);

/** Marks notifications seen: these ids, or all of them when ids is left out. */
export const ClearNotificationsMutation = graphql(`
  mutation ClearNotifications($ids: [Int!]) {
    clearNotifications(ids: $ids)
  }
`);
