import { graphql } from 'gql.tada';

/** A legacy item as a row of the archive's table. */
export const ArchiveRowFragment = graphql(`
  fragment ArchiveRowFields on LegacyItem @_unmask {
    ID
    title
    creator
    creatorId
    game
    status
    published
    publishDate
    isHidden
    reports
    thumbnail
    migratedTo {
      id
    }
  }
`);

/** The archive's search of the older submission system: newest first; a search by title or creator counts its matches up to a bound (totalIsExact). */
export const ArchiveSearchQuery = graphql(
  `
    query ArchiveSearch($id: Int, $title: String, $creator: String, $game: Int, $status: String, $isHidden: Boolean, $first: Int, $page: Int) {
      legacyItemsSearch(id: $id, title: $title, creator: $creator, game: $game, status: $status, isHidden: $isHidden, first: $first, page: $page) {
        data {
          ...ArchiveRowFields
        }
        paginatorInfo {
          currentPage
          firstItem
          lastItem
          lastPage
          total
          totalIsExact
        }
      }
    }
  `,
  [ArchiveRowFragment],
);

/** Everything the item page shows and edits. */
export const ArchivedItemFragment = graphql(`
  fragment ArchivedItemFields on LegacyItem @_unmask {
    ID
    title
    description
    keywords
    game
    status
    published
    publishDate
    isHidden
    reports
    uploads
    creator
    creatorId
    categories {
      id
      name
    }
    images {
      id
      position
      filename
      url
    }
    files {
      id
      filename
      filesize
      version
      created_at
      url
    }
    migratedTo {
      id
      name
      status
    }
  }
`);

/** One archived item and the category tree its categories are picked from. */
export const ArchivedItemQuery = graphql(
  `
    query ArchivedItem($id: Int!) {
      legacyItem(id: $id) {
        ...ArchivedItemFields
      }
      legacyCategories {
        id
        parentId
        name
        path
      }
    }
  `,
  [ArchivedItemFragment],
);

/** Staff change an archived item: only the fields sent; categoryIds replaces its categories. */
export const UpdateLegacyItemMutation = graphql(
  `
    mutation UpdateLegacyItem($id: Int!, $title: String, $description: String, $categoryIds: [Int!], $isHidden: Boolean, $status: String) {
      updateLegacyItem(id: $id, title: $title, description: $description, categoryIds: $categoryIds, isHidden: $isHidden, status: $status) {
        ...ArchivedItemFields
      }
    }
  `,
  [ArchivedItemFragment],
);
