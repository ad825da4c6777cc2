import { graphql } from 'gql.tada';

/** The content search of the required-items dialog: at most 5 portal creations and 5 legacy items. */
export const SearchSubmissionDependenciesQuery = graphql(`
  query SearchSubmissionDependencies($phrase: String!) {
    searchSubmissionDependencies(phrase: $phrase) {
      submissions {
        id
        name
        model_type
        creator {
          UserName
        }
      }
      legacy_items {
        ID
        title
        creator
        creatorId
        game
      }
    }
  }
`);

/** A web page's HTML, read for its og:title and og:image (SPEC section 7). */
export const GetPageSourceQuery = graphql(`
  query GetPageSource($url: String!) {
    getPageSource(url: $url)
  }
`);
