import { Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields a request selects under `path` of the field being resolved, through its
 * fragments: `selectedFields(info, ['data'])` in a paginator's resolver names what its rows show,
 * so the page can read it with its own statement (`Loader.preload`). A field under `@skip` or
 * `@include` counts as selected: reading it is only wasted work.
 */
export function selectedFields(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) => node.selectionSet ?? []);
  for (const name of path) sets = fieldsThrough(sets, info.fragments).flatMap((field) => (field.name.value === name && field.selectionSet ? [field.selectionSet] : []));
  return new Set(fieldsThrough(sets, info.fragments).map((field) => field.name.value));
}

/**
 * The fields of selection sets as a request asks them, not their sub-fields: through inline
 * fragments, and through each named fragment once (spreading it again asks the same fields).
 */
export function fieldsThrough(sets: readonly SelectionSetNode[], fragments: Readonly<Record<string, FragmentDefinitionNode>>): FieldNode[] {
  const fields: FieldNode[] = [];
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  sets.forEach(visit);
  return fields;
}
