import { graphql } from 'gql.tada';

/** The staff page's view of the search index (elasticSearchStatus). */
export const SearchIndexStatusQuery = graphql(`
  query SearchIndexStatus {
    elasticSearchStatus {
      engine
      health {
        healthy
        detail
      }
      indexed
      stale
      failed
      last_indexed_at
      last_run {
        id
        all
        total
        done
        remaining
        failed
        started_at
        finished_at
      }
      failures {
        submission_id
        name
        failed_at
        message
      }
    }
  }
`);

/** Reindexes one creation now. */
export const ReindexOneMutation = graphql(`
  mutation ReindexOne($id: Int!) {
    updateElasticSearchEntry(id: $id) {
      submission_id
      outcome
      message
    }
  }
`);

/** Reindexes a list of creations, or everything, as a job. */
export const ReindexManyMutation = graphql(`
  mutation ReindexMany($ids: [Int!], $all: Boolean) {
    updateElasticSearchEntries(ids: $ids, all: $all) {
      id
      total
      remaining
    }
  }
`);

/** What visitors would get for a search (the page's search box): the site's own search. */
export const SearchPreviewQuery = graphql(`
  query SearchPreview($query: String, $first: Int) {
    searchCreations(query: $query, first: $first) {
      data {
        id
        name
        kind
        category_path
        creator_name
        publish_at
        thumbnail
      }
      paginatorInfo {
        total
      }
      facets {
        categories {
          id
          name
          count
        }
        tags {
          id
          name
          count
        }
      }
    }
  }
`);
