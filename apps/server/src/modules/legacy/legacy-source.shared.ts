import { LegacySourceError, type LegacyCategory, type LegacyCategoryChange } from './legacy-source';

/** What both engines share: the plan of a category change list, and small list helpers. */

/** One write of a category change list, with its values worked out. */
export type CategoryStep =
  | { kind: 'insert'; id?: number; parentId: number | null; name: string; position: number }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'move'; id: number; parentId: number | null; position: number };

export interface CategoryPlan {
  steps: CategoryStep[];
  renamed: number;
  moved: number;
}

/**
 * Checks a list of category changes against the tree as it is and works out each write, in order,
 * on a copy of the tree: an id to rename or move and every parent must exist (an earlier insert
 * with its own id counts), an insert's own id must be free, and nothing may move under itself.
 * Changes that change nothing are dropped (and not counted). Throws LegacySourceError before any
 * write, so the engines apply all of a list or none of it.
 */
export function checkCategoryChanges(current: readonly LegacyCategory[], changes: readonly LegacyCategoryChange[]): CategoryPlan {
  const tree = new Map<number, { parentId: number | null; name: string; position: number }>();
  for (const c of current) tree.set(c.id, { parentId: c.parentId, name: c.name, position: c.position });
  let temporaryId = 0;
  const nextPosition = (parentId: number | null) => {
    let max = -1;
    for (const node of tree.values()) if (node.parentId === parentId) max = Math.max(max, node.position);
    return max + 1;
  };
  const mustExist = (id: number | null) => {
    if (id !== null && !tree.has(id)) throw new LegacySourceError('CATEGORY_NOT_FOUND', [id]);
  };
  const steps: CategoryStep[] = [];
  let renamed = 0;
  let moved = 0;
  for (const change of changes) {
    if (change.kind === 'insert') {
      if (change.id !== undefined && tree.has(change.id)) throw new LegacySourceError('CATEGORY_EXISTS', [change.id]);
      mustExist(change.parentId);
      const position = change.position ?? nextPosition(change.parentId);
      tree.set(change.id ?? --temporaryId, { parentId: change.parentId, name: change.name, position });
      steps.push({ kind: 'insert', ...(change.id !== undefined ? { id: change.id } : {}), parentId: change.parentId, name: change.name, position });
    } else if (change.kind === 'rename') {
      mustExist(change.id);
      const node = tree.get(change.id)!;
      if (node.name === change.name) continue;
      node.name = change.name;
      steps.push({ kind: 'rename', id: change.id, name: change.name });
      renamed += 1;
    } else {
      mustExist(change.id);
      mustExist(change.parentId);
      // (Bounded by the tree's size: a tree the old system broke into a loop cannot hang it.)
      let at = change.parentId;
      for (let hops = 0; at !== null && hops <= tree.size; hops += 1, at = tree.get(at)?.parentId ?? null) {
        if (at === change.id) throw new LegacySourceError('CATEGORY_CYCLE', [change.id]);
      }
      const node = tree.get(change.id)!;
      const sameParent = node.parentId === change.parentId;
      if (sameParent && (change.position === undefined || change.position === node.position)) continue;
      const position = change.position ?? nextPosition(change.parentId);
      node.parentId = change.parentId;
      node.position = position;
      steps.push({ kind: 'move', id: change.id, parentId: change.parentId, position });
      moved += 1;
    }
  }
  return { steps, renamed, moved };
}

/** Distinct numbers, ascending. */
export function sortedUnique(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

