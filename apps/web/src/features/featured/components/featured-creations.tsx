import { ActionIcon, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconStarOff, IconX } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { CopyButton } from '../../../ui/copy-button';
import { formatDateTime } from '../../../ui/date-text';
import { SortableGrid } from '../../../ui/sortable/sortable-grid';
import { moveItem } from '../../../ui/sortable/move';
import { CreationThumbnail } from '../../submission/components/creation-thumbnail';
import { kindKey } from '../../submission/kinds';
import { listState } from '../featured-form';
import type { FeaturedCreationFragment } from '../graphql';
import classes from './featured.module.css';
import { Tooltip } from '../../../ui/tooltip';

export type FeaturedCreation = ResultOf<typeof FeaturedCreationFragment>;

export interface FeaturedCreationsProps {
  items: readonly FeaturedCreation[];
  isReadOnly: boolean;
  /** The creations in their new order, or with one removed. */
  onChange: (next: FeaturedCreation[]) => void;
}

/**
 * A list's creations in order: dragged onto another's place or moved with the arrow buttons (for
 * the keyboard), and removed with the cross. Read-only: just the order.
 */
export function FeaturedCreations({ items, isReadOnly, onChange }: FeaturedCreationsProps) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  if (items.length === 0) {
    return (
      <EmptyState icon={IconStarOff} color="gray">
        {isReadOnly ? t('featured.creations.emptyReadOnly') : t('featured.creations.empty')}
      </EmptyState>
    );
  }

  function move(from: number, to: number) {
    const moved = items[from];
    if (!moved || to < 0 || to >= items.length) return;
    onChange(moveItem(items, from, to));
    setAnnouncement(t('featured.creations.moved', { name: moved.name, position: to + 1, count: items.length }));
  }

  function moveBy(index: number, delta: -1 | 1) {
    const creation = items[index];
    if (!creation) return;
    const to = index + delta;
    move(index, to);
    // The row moved: keep the focus on the pressed button, or on its twin at either end.
    requestAnimationFrame(() => {
      const wanted = to === 0 ? 'later' : to === items.length - 1 ? 'earlier' : delta < 0 ? 'earlier' : 'later';
      buttons.current.get(`${creation.id}:${wanted}`)?.focus();
    });
  }

  function remove(index: number) {
    const creation = items[index];
    if (!creation) return;
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(t('featured.creations.removed', { name: creation.name }));
  }

  const register = (key: string) => (node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(key, node);
    else buttons.current.delete(key);
  };

  return (
    <Stack gap="xs">
      {isReadOnly || items.length < 2 ? null : (
        <Text size="sm" c="dimmed">
          {t('featured.creations.orderHint')}
        </Text>
      )}
      <SortableGrid
        items={items}
        getKey={(creation) => creation.id}
        label={t('featured.creations.listLabel')}
        isDisabled={isReadOnly}
        cols={1}
        spacing="xs"
        onMove={move}
        renderItem={(creation, index, dragState) => (
          <Paper
            withBorder
            radius="md"
            p="xs"
            className={classes.item}
            data-draggable={!isReadOnly || undefined}
            data-dragging={dragState.isDragging || undefined}
            data-drop-target={dragState.isDropTarget || undefined}
          >
            <Group gap="sm" wrap="nowrap">
              {isReadOnly ? null : (
                <Tooltip label={t('featured.creations.dragHint')} withArrow>
                  <IconGripVertical size={18} className={classes.handle} aria-hidden />
                </Tooltip>
              )}
              <Text fw={700} c="dimmed" w={24} ta="right" style={{ flex: 'none' }}>
                {index + 1}
              </Text>
              <CreationThumbnail kind={creation.model_type} imageUrl={creation.images[0]?.url} size={40} />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text fw={600} size="sm" truncate>
                  {creation.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {t(`kinds.${kindKey(creation.model_type)}.name`)} · #{creation.id} <CopyButton value={creation.id} /> · {creation.creator.UserName}
                </Text>
              </Stack>
              <CreationStateBadge publishAt={creation.publish_at} visibleFrom="xs" />
              {isReadOnly ? null : (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    ref={register(`${creation.id}:earlier`)}
                    variant="subtle"
                    color="gray"
                    disabled={index === 0}
                    onClick={() => moveBy(index, -1)}
                    aria-label={t('featured.creations.moveEarlierOf', { name: creation.name })}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    ref={register(`${creation.id}:later`)}
                    variant="subtle"
                    color="gray"
                    disabled={index === items.length - 1}
                    onClick={() => moveBy(index, 1)}
                    aria-label={t('featured.creations.moveLaterOf', { name: creation.name })}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => remove(index)}
                    aria-label={t('featured.creations.removeOf', { name: creation.name })}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        )}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

/** "Published" or "Scheduled" with the date: only approved creations may be featured. */
export function CreationStateBadge({ publishAt, visibleFrom }: { publishAt: string | null; visibleFrom?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (!publishAt) return null;
  const state = listState(publishAt);
  return (
    <Tooltip label={formatDateTime(publishAt)} withArrow>
      <Badge size="sm" variant="light" color={state === 'live' ? 'teal' : 'blue'} tt="none" style={{ flex: 'none' }} visibleFrom={visibleFrom}>
        {state === 'live' ? t('featured.creations.published') : t('featured.creations.scheduled')}
      </Badge>
    </Tooltip>
  );
}
