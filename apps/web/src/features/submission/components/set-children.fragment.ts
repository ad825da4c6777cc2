import { graphql } from 'gql.tada';

/** A set's children, in order, as SetChildrenEditor edits them (other kinds have none). */
export const SetChildrenFragment = graphql(`
  fragment SetChildren on Creation {
    __typename
    ... on Set {
      children {
        id
        submission_id
        ord
        is_recolor
        max_polycount
        properties {
          id
          name
          description
        }
      }
    }
  }
`);
