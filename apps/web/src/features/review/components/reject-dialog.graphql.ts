import { graphql } from 'gql.tada';

/** Rejection reasons by category, and the kind's message templates, for the reject dialog. */
export const RejectDialogQuery = graphql(`
  query RejectDialog($model_type: String) {
    rejectionCategories(first: 100) {
      data {
        id
        name
        reasons {
          id
          name
          description
        }
      }
    }
    rejectionTemplates(model_type: $model_type) {
      id
      title
      message
    }
  }
`);
