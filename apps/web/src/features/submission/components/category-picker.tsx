import { Breadcrumbs, Group, Select, SimpleGrid, Text, type ComboboxData } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryPath, isLeaf, type CategoryNode } from '../category-tree';

export interface CategoryPickerProps {
  /** The roots in the order the creation's kind sees them. */
  roots: readonly CategoryNode[];
  /** Group the first level into set categories and the others (for sets). */
  isSet: boolean;
  /** The chosen leaf. */
  value: number | null;
  /** Called with a leaf: only a category without subcategories can be chosen. */
  onChange: (leafId: number) => void;
  isReadOnly?: boolean;
  error?: string | undefined;
}

const LEVEL_LABELS = ['categories.level1', 'categories.level2', 'categories.level3'] as const;

/**
 * The three-level category tree as one select per level: choosing a category opens its
 * subcategories, and choosing a leaf chooses it.
 */
export function CategoryPicker({ roots, isSet, value, onChange, isReadOnly, error }: CategoryPickerProps) {
  const { t } = useTranslation();
  // The branch being browsed; it follows the chosen category until the creator opens another branch.
  const [browsed, setBrowsed] = useState<number[]>(() => categoryPath(roots, value)?.map((n) => n.id) ?? []);
  const chosenPath = categoryPath(roots, value);
  const path = resolvePath(roots, browsed);

  const levels: { options: readonly CategoryNode[]; selected: CategoryNode | undefined }[] = [{ options: roots, selected: path[0] }];
  for (let depth = 0; depth < path.length && depth < 2; depth += 1) {
    const node = path[depth]!;
    if (isLeaf(node)) break;
    levels.push({ options: node.children, selected: path[depth + 1] });
  }

  function handleChange(depth: number, id: string | null) {
    if (id === null) return;
    const options = levels[depth]!.options;
    const node = options.find((o) => String(o.id) === id);
    if (!node) return;
    const next = [...browsed.slice(0, depth), node.id];
    setBrowsed(next);
    if (isLeaf(node)) onChange(node.id);
  }

  function dataFor(depth: number, options: readonly CategoryNode[]): ComboboxData {
    const item = (node: CategoryNode) => ({ value: String(node.id), label: node.name });
    if (depth > 0 || !isSet) return options.map(item);
    const sets = options.filter((o) => o.section === 'SET');
    const others = options.filter((o) => o.section !== 'SET');
    return [
      ...(sets.length ? [{ group: t('categories.setGroup'), items: sets.map(item) }] : []),
      ...(others.length ? [{ group: t('categories.otherGroup'), items: others.map(item) }] : []),
    ];
  }

  return (
    <div>
      <SimpleGrid cols={{ base: 1, sm: levels.length > 2 ? 3 : 2 }} spacing="md">
        {levels.map((level, depth) => (
          <Select
            key={depth}
            label={t(LEVEL_LABELS[depth]!)}
            placeholder={isReadOnly ? t('edit.notSet') : depth === 0 ? t('categories.choose') : t('categories.chooseSub')}
            data={dataFor(depth, level.options)}
            value={level.selected ? String(level.selected.id) : null}
            onChange={(id) => handleChange(depth, id)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('categories.nothingFound')}
            readOnly={isReadOnly}
            error={depth === levels.length - 1 ? error : undefined}
          />
        ))}
      </SimpleGrid>
      {chosenPath ? (
        <Group gap={6} mt="sm" wrap="nowrap">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('categories.chosen')}
          </Text>
          <Breadcrumbs separator="›" separatorMargin={4}>
            {chosenPath.map((node) => (
              <Text key={node.id} size="sm" fw={500}>
                {node.name}
              </Text>
            ))}
          </Breadcrumbs>
        </Group>
      ) : isReadOnly ? null : (
        <Text size="sm" c="orange" mt="sm">
          {t('categories.noneChosen')}
        </Text>
      )}
    </div>
  );
}

/** The nodes of a browsed path of ids, as far as they still exist in the tree. */
function resolvePath(roots: readonly CategoryNode[], ids: readonly number[]): CategoryNode[] {
  const nodes: CategoryNode[] = [];
  let level: readonly CategoryNode[] = roots;
  for (const id of ids) {
    const node = level.find((n) => n.id === id);
    if (!node) break;
    nodes.push(node);
    level = node.children;
  }
  return nodes;
}
