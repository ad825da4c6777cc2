import { graphql } from 'gql.tada';

/** The common fields step 1 (DetailsStep) edits. */
export const DetailsStepFragment = graphql(`
  fragment DetailsStep on SubmissionProperties {
    id
    model_type
    name
    description
    keywords
    credits_to
    notes
    video_url
    game_version
    polycount
  }
`);

/** The fields of the creation's kind that step 1 edits: an item's recolour and polycount, a lot's size. */
export const DetailsKindFragment = graphql(`
  fragment DetailsKind on Creation {
    __typename
    ... on NewItem {
      is_recolor
      max_polycount
    }
    ... on SetItem {
      is_recolor
      max_polycount
    }
    ... on Lot {
      value
      lot_width
      lot_depth
      furnished
      number_of_floors
    }
  }
`);
