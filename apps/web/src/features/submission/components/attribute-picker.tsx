import { TAG_ATTRIBUTE_TYPE } from '@corner/domain';
import { Badge, Box, Chip, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CategoryTreeGroup } from '../category-tree';
import type { CatalogAttributeGroup } from '../hooks/use-catalog';
import classes from './attribute-picker.module.css';
import { NotSetText } from './step-frame';

export interface AttributePickerProps {
  /** The chosen category's attribute groups, in step_order. */
  groups: readonly CategoryTreeGroup[];
  /** Every attribute group with its attributes, by id. */
  catalog: ReadonlyMap<number, CatalogAttributeGroup>;
  /** The chosen attribute ids (of every group). */
  value: readonly number[];
  onChange: (value: number[]) => void;
  /** Show only the tag groups (attribute type 8), e.g. for a set's items. */
  onlyTags?: boolean;
  isReadOnly?: boolean;
  /** Prefix of the groups' accessible names, e.g. an item's name. */
  labelPrefix?: string;
}

/** The attribute groups of a category as chip lists: tags (type 8) and the others, such as Color, Age, Gender. */
export function AttributePicker({ groups, catalog, value, onChange, onlyTags, isReadOnly, labelPrefix }: AttributePickerProps) {
  const { t } = useTranslation();
  const shown = onlyTags ? groups.filter((g) => g.attribute_type_id === TAG_ATTRIBUTE_TYPE) : groups;
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('categories.noAttributes')}
      </Text>
    );
  }
  // Completeness needs one tag of any tag group, so the hint goes away once one is chosen.
  const tagIds = new Set(
    shown.filter((g) => g.attribute_type_id === TAG_ATTRIBUTE_TYPE).flatMap((g) => catalog.get(g.id)?.attributes.map((a) => a.id) ?? []),
  );
  const hasTag = value.some((id) => tagIds.has(id));
  return (
    <Stack gap="md">
      {shown.map((group) => {
        const attributes = catalog.get(group.id)?.attributes ?? [];
        const ids = new Set(attributes.map((a) => a.id));
        const chosenHere = value.filter((id) => ids.has(id)).map(String);
        const isTags = group.attribute_type_id === TAG_ATTRIBUTE_TYPE;
        return (
          <Box key={group.id} component="fieldset" m={0} p={0} style={{ border: 'none', minWidth: 0 }} disabled={isReadOnly}>
            <Group gap="xs" mb={8} component="legend" p={0}>
              <Text fw={600} size="sm" component="span">
                {/* Several items' groups share names: the item's name tells them apart for screen readers. */}
                {labelPrefix ? <VisuallyHidden>{`${labelPrefix}: `}</VisuallyHidden> : null}
                {group.attribute_group_name}
              </Text>
              {isTags ? (
                <Badge size="xs" variant="light" radius="sm">
                  {t('categories.tagsBadge')}
                </Badge>
              ) : null}
              {isTags && !hasTag && !isReadOnly ? (
                <Text size="xs" c="orange" component="span">
                  {t('categories.chooseTag')}
                </Text>
              ) : null}
            </Group>
            {isReadOnly && chosenHere.length === 0 ? (
              <NotSetText />
            ) : (
              <Chip.Group
                multiple
                value={chosenHere}
                onChange={(next) => {
                  const others = value.filter((id) => !ids.has(id));
                  onChange([...others, ...next.map(Number)].sort((a, b) => a - b));
                }}
              >
                <Group gap={6}>
                  {attributes.map((attribute) => (
                    <Chip
                      key={attribute.id}
                      value={String(attribute.id)}
                      size="sm"
                      variant="outline"
                      disabled={isReadOnly}
                      classNames={{ root: classes.root, input: classes.input }}
                    >
                      {attribute.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
