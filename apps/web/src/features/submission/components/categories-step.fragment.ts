import { graphql } from 'gql.tada';

/** What step 4 (CategoriesStep) edits: category, attributes, themes, collections, collaborations, required items. */
export const CategoriesStepFragment = graphql(`
  fragment CategoriesStep on SubmissionProperties {
    id
    model_type
    game_version
    category_id
    attributes {
      id
      attribute_group_id
    }
    themes {
      id
      name
    }
    collections {
      id
      name
    }
    collaborations {
      id
      name
    }
    required_items {
      id
      type
      download
      title
    }
    set_items {
      id
      name
      category_id
      attributes {
        id
        attribute_group_id
      }
    }
  }
`);
