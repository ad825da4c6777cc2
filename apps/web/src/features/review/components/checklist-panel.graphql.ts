import { graphql } from 'gql.tada';

export const ReviewChecklistQuery = graphql(`
  query ReviewChecklist($model_type: String!) {
    reviewChecklist(model_type: $model_type) {
      model_type
      items {
        id
        label
        hint
      }
    }
  }
`);
