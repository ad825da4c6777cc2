import { graphql } from 'gql.tada';

/** What a creation's pending update changes against the approved version (staff who review updates; null for others). */
export const UpdateDiffQuery = graphql(`
  query UpdateDiff($id: Int!) {
    submissionProperties(id: $id) {
      id
      pending_update_request {
        id
        changes {
          request_id
          approved_at
          state
          fields {
            field
            type
            before
            after
            added
            removed
          }
          images {
            added {
              id
              url
              filename
            }
            removed {
              id
              url
              filename
            }
            reordered
            approved_count
            current_count
          }
          files {
            change
            file_id
            filename
            kind
            from {
              id
              version
              filesize
              url
            }
            to {
              id
              version
              filesize
              url
            }
            package {
              state
              message
              resources_before
              resources_after
              resources {
                added
                removed
                changed
                unchanged
                kinds {
                  kind
                  added
                  removed
                  changed
                }
                listed_added {
                  key
                  kind
                  before
                  after
                }
                listed_removed {
                  key
                  kind
                  before
                  after
                }
                listed_changed {
                  key
                  kind
                  before
                  after
                }
              }
              objects {
                added
                removed
                listed_added {
                  id
                  name
                  thumbnail_url
                }
                listed_removed {
                  id
                  name
                  thumbnail_url
                }
              }
              cas_parts {
                added
                removed
                listed_added {
                  id
                  name
                  thumbnail_url
                }
                listed_removed {
                  id
                  name
                  thumbnail_url
                }
              }
            }
          }
        }
      }
    }
  }
`);
