import type { ResultOf } from 'gql.tada';
import { useMemo } from 'react';
import { useQuery, type CombinedError } from 'urql';
import { loadCategoryTree, type CategoryNode } from '../category-tree';
import { CatalogQuery } from '../graphql';

export type CatalogAttributeGroup = ResultOf<typeof CatalogQuery>['attributeGroups'][number];
export type CatalogTheme = ResultOf<typeof CatalogQuery>['themes'][number];

export interface Catalog {
  /** The category tree with the SET and CONTENT top nodes dropped. */
  roots: CategoryNode[];
  /** Attribute groups with their attributes, by id. */
  groups: Map<number, CatalogAttributeGroup>;
  themes: CatalogTheme[];
}

/** The catalog step 4 chooses from, read once per session (it rarely changes). */
export function useCatalog(): { catalog: Catalog | null; isFetching: boolean; error: CombinedError | undefined } {
  const [{ data, fetching, error }] = useQuery({ query: CatalogQuery });
  const catalog = useMemo<Catalog | null>(() => {
    if (!data) return null;
    return {
      roots: loadCategoryTree(data.categoryTree),
      groups: new Map(data.attributeGroups.map((g) => [g.id, g])),
      themes: data.themes,
    };
  }, [data]);
  return { catalog, isFetching: fetching, error };
}
