import { graphql } from 'gql.tada';

/** /migrate: the signed-in creator's legacy items with where each one's migration stands. */
export const MyLegacyItemsQuery = graphql(`
  query MyLegacyItems($first: Int, $page: Int) {
    myLegacyItems(first: $first, page: $page) {
      paginatorInfo {
        total
        currentPage
        lastPage
        count
        firstItem
        lastItem
        hasMorePages
        perPage
      }
      data {
        item {
          ID
          title
          game
          status
          publishDate
          thumbnail
        }
        migration {
          state
          submission_id
          reason
        }
      }
    }
  }
`);

export const MigrateLegacyItemsMutation = graphql(`
  mutation MigrateLegacyItems($ids: [Int!], $all: Boolean) {
    migrateLegacyItems(ids: $ids, all: $all) {
      legacy_item_id
      outcome
      submission_id
      reason
    }
  }
`);


/** /staff/migrate: the bulk runs, newest first. */
export const MigrationRunsQuery = graphql(`
  query MigrationRuns($first: Int) {
    migrationRuns(first: $first) {
      data {
        id
        status
        dry_run
        total
        done
        failed
        skipped
        remaining
        per_second
        seconds_left
        created_at
        finished_at
        scope {
          memberId
          fromId
          toId
        }
      }
    }
  }
`);

export const MigrationRunReportQuery = graphql(`
  query MigrationRunReport($id: Int!) {
    migrationRun(id: $id) {
      id
      failure_report
    }
  }
`);

export const StartMigrationRunMutation = graphql(`
  mutation StartMigrationRun($memberId: Int, $fromId: Int, $toId: Int, $dryRun: Boolean!) {
    startMigrationRun(memberId: $memberId, fromId: $fromId, toId: $toId, dryRun: $dryRun) {
      id
      status
    }
  }
`);

export const UpdateMigrationRunMutation = graphql(`
  mutation UpdateMigrationRun($id: Int!, $action: String!) {
    updateMigrationRun(id: $id, action: $action) {
      id
      status
    }
  }
`);

export const CategoryMappingsQuery = graphql(`
  query LegacyCategoryMappings {
    legacyCategoryMappings {
      legacy_category_id
      legacy_path
      category_id
    }
    categories {
      id
      name
      children {
        id
        name
        children {
          id
          name
        }
      }
    }
  }
`);

export const SetCategoryMappingMutation = graphql(`
  mutation SetLegacyCategoryMapping($legacyCategoryId: Int!, $categoryId: Int) {
    setLegacyCategoryMapping(legacyCategoryId: $legacyCategoryId, categoryId: $categoryId) {
      legacy_category_id
      legacy_path
      category_id
    }
  }
`);

export const SyncStatusesMutation = graphql(`
  mutation SyncToOldSubmissionSystem {
    syncToOldSubmissionSystem {
      checked
      changed
      missing
    }
  }
`);

export const SyncCategoriesMutation = graphql(`
  mutation SyncCategoriesToOldSubmissionSystem($dryRun: Boolean!) {
    syncCategoriesToOldSubmissionSystem(dryRun: $dryRun) {
      dry_run
      inserted
      renamed
      moved
      changes {
        kind
        path
        name
        from
      }
    }
  }
`);
