import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields a request selects under `path` of the field being resolved, through its
 * fragments: `selectedFields(info, ['data'])` in a paginator's resolver names what its rows show,
 * so the page can read it with its own statement (`Loader.preload`). A field under `@skip` or
 * `@include` counts as selected: reading it is only wasted work.
 */
export function selectedFields(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => node.selectionSet ?? []);
  for (const name of path) sets = fieldsIn(info, sets).flatMap((field) => (field.name.value === name && field.selectionSet ? [field.selectionSet] : []));
  return new Set(fieldsIn(info, sets).map((field) => field.name.value));
}

function fieldsIn(info: GraphQLResolveInfo, sets: readonly SelectionSetNode[]): FieldNode[] {
  const fields: FieldNode[] = [];
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  sets.forEach(visit);
  return fields;
}
