import { graphql } from 'gql.tada';

/** What the server read from a package (getPackageData). */
export const PackageContentsQuery = graphql(`
  query PackageContents($fileId: Int!) {
    getPackageData(fileId: $fileId) {
      file_id
      status
      error {
        code
        message
      }
      game
      resource_count
      counts {
        kind
        count
      }
      objects {
        object_guid
        name
        price
      }
      cas_part_ids
      warnings
    }
  }
`);

/** What the server read from a .trayitem (getTrayMetaData). */
export const TrayContentsQuery = graphql(`
  query TrayContents($fileId: Int!) {
    getTrayMetaData(fileId: $fileId) {
      file_id
      status
      error {
        code
        message
      }
      type
      name
      description
      creator_name
      lot {
        size_x
        size_z
        price
        bedrooms
        bathrooms
      }
      family_size
      sims {
        first_name
        last_name
        age
      }
    }
  }
`);
