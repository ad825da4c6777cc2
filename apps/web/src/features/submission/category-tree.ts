import { TAG_ATTRIBUTE_TYPE, type ModelType } from '@corner/domain';

/** An attribute group as `categoryTree` lists it under a category. */
export interface CategoryTreeGroup {
  id: number;
  attribute_group_name: string;
  attribute_type_id: number;
  step_order: number;
}

/**
 * A category of the tree. `categoryTree` is a JSON string (SPEC section 7), so its shape is not in
 * the GraphQL schema: this is the shape the server writes, checked when it is read.
 */
export interface CategoryNode {
  id: number;
  name: string;
  attribute_groups: CategoryTreeGroup[];
  children: CategoryNode[];
  /** The dropped top node the category came from, for ordering (sets see the SET branch first). */
  section: 'SET' | 'CONTENT' | null;
}

/** Top nodes that only sort the tree; they are dropped when it loads (SPEC section 3). */
export const DROPPED_TOP_NODES = ['SET', 'CONTENT'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readGroup(value: unknown): CategoryTreeGroup | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.attribute_group_name !== 'string') return null;
  return {
    id: value.id,
    attribute_group_name: value.attribute_group_name,
    attribute_type_id: typeof value.attribute_type_id === 'number' ? value.attribute_type_id : 0,
    step_order: typeof value.step_order === 'number' ? value.step_order : 0,
  };
}

function readNode(value: unknown, section: CategoryNode['section']): CategoryNode | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string') return null;
  const groups = Array.isArray(value.attribute_groups) ? value.attribute_groups.map(readGroup).filter((g) => g !== null) : [];
  const children = Array.isArray(value.children) ? value.children.map((c) => readNode(c, section)).filter((c) => c !== null) : [];
  return {
    id: value.id,
    name: value.name,
    attribute_groups: [...groups].sort((a, b) => a.step_order - b.step_order || a.id - b.id),
    children,
    section,
  };
}

/**
 * Reads the `categoryTree` JSON: the top nodes named SET and CONTENT are dropped and their
 * children become roots (SPEC section 3). Broken JSON gives an empty tree.
 */
export function loadCategoryTree(json: string): CategoryNode[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const roots: CategoryNode[] = [];
  for (const top of parsed) {
    if (!isRecord(top)) continue;
    const name = typeof top.name === 'string' ? top.name.trim().toUpperCase() : '';
    if ((DROPPED_TOP_NODES as readonly string[]).includes(name)) {
      const section = name as CategoryNode['section'];
      const children = Array.isArray(top.children) ? top.children : [];
      for (const child of children) {
        const node = readNode(child, section);
        if (node) roots.push(node);
      }
    } else {
      const node = readNode(top, null);
      if (node) roots.push(node);
    }
  }
  return roots;
}

/** The roots in the order a kind sees them: a set sees the SET branch first, but may choose any leaf. */
export function rootsForKind(roots: readonly CategoryNode[], kind: ModelType | string): CategoryNode[] {
  if (kind !== 'set') return [...roots];
  return [...roots.filter((r) => r.section === 'SET'), ...roots.filter((r) => r.section !== 'SET')];
}

/** The categories from a root down to `id`, or null when it is not in the tree. */
export function categoryPath(roots: readonly CategoryNode[], id: number | null | undefined): CategoryNode[] | null {
  if (id == null) return null;
  for (const root of roots) {
    if (root.id === id) return [root];
    const below = categoryPath(root.children, id);
    if (below) return [root, ...below];
  }
  return null;
}

/** A category that can be chosen: one without subcategories. */
export function isLeaf(node: CategoryNode): boolean {
  return node.children.length === 0;
}

/** Whether a category offers tags (an attribute group of type 8). */
export function hasTagGroup(node: CategoryNode): boolean {
  return node.attribute_groups.some((g) => g.attribute_type_id === TAG_ATTRIBUTE_TYPE);
}
