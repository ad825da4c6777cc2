import { formatBytes } from '@corner/domain';
import { ActionIcon, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconMapPin, IconTrash } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../ui/safe-image';
import type { SortableItemState } from '../../../ui/sortable/sortable-grid';
import type { StepImage } from './image-types';
import { Tooltip } from '../../../ui/tooltip';

export interface ImageCardProps {
  image: StepImage;
  /** 0-based place in the shown order. */
  index: number;
  count: number;
  isReadOnly: boolean;
  dragState: SortableItemState;
  /** The "Move earlier" button, focused again after a keyboard move. */
  earlierRef?: Ref<HTMLButtonElement>;
  laterRef?: Ref<HTMLButtonElement>;
  onOpen: () => void;
  onMove: (delta: -1 | 1) => void;
  onEditHotspots: () => void;
  onDelete: () => void;
}

/** One image of step 3: its thumbnail (opens the lightbox), size, place and actions. */
export function ImageCard({ image, index, count, isReadOnly, dragState, earlierRef, laterRef, onOpen, onMove, onEditHotspots, onDelete }: ImageCardProps) {
  const { t } = useTranslation();
  const isMain = index === 0;
  const size = image.width && image.height ? t('imagesStep.dimensions', { width: image.width, height: image.height }) : null;
  const hotspotCount = image.hotspots.length;

  return (
    <Card
      withBorder
      padding={0}
      radius="md"
      shadow={dragState.isDropTarget ? 'md' : 'xs'}
      style={{
        opacity: dragState.isDragging ? 0.45 : 1,
        outline: dragState.isDropTarget ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: 2,
        cursor: isReadOnly ? undefined : 'grab',
        height: '100%',
      }}
    >
      <div style={{ position: 'relative', aspectRatio: '4 / 3', background: 'var(--corner-surface-image)' }}>
        <UnstyledButton
          onClick={onOpen}
          aria-label={t('imagesStep.open', { position: index + 1, count, name: image.filename })}
          style={{ position: 'absolute', inset: 0, display: 'block' }}
        >
          <SafeImage src={image.url} alt={image.filename} fit="contain" compact />
        </UnstyledButton>
        <Group gap={6} style={{ position: 'absolute', top: 8, left: 8, pointerEvents: 'none' }}>
          {isMain ? (
            <Badge variant="filled" size="sm" radius="sm">
              {t('imagesStep.main')}
            </Badge>
          ) : (
            <Badge variant="white" color="dark" size="sm" radius="sm">
              {t('imagesStep.place', { position: index + 1 })}
            </Badge>
          )}
        </Group>
        {hotspotCount > 0 ? (
          <Badge
            variant="white"
            color="dark"
            size="sm"
            radius="sm"
            leftSection={<IconMapPin size={12} aria-hidden />}
            style={{ position: 'absolute', top: 8, right: 8, pointerEvents: 'none' }}
          >
            {t('imagesStep.hotspotCount', { count: hotspotCount })}
          </Badge>
        ) : null}
      </div>
      <Stack gap={6} p="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end" title={image.filename}>
            {image.filename}
          </Text>
          <Text size="xs" c="dimmed">
            {[size, formatBytes(image.filesize)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {isReadOnly ? null : (
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('imagesStep.dragHint')} withArrow openDelay={300}>
                <IconGripVertical size={16} color="var(--mantine-color-dimmed)" aria-hidden />
              </Tooltip>
              <Tooltip label={t('imagesStep.moveEarlier')} withArrow openDelay={300}>
                <ActionIcon
                  ref={earlierRef}
                  variant="subtle"
                  color="gray"
                  disabled={index === 0}
                  style={index === 0 ? { background: 'transparent' } : undefined}
                  aria-label={t('imagesStep.moveEarlierOf', { name: image.filename })}
                  onClick={() => onMove(-1)}
                >
                  <IconArrowLeft size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('imagesStep.moveLater')} withArrow openDelay={300}>
                <ActionIcon
                  ref={laterRef}
                  variant="subtle"
                  color="gray"
                  disabled={index === count - 1}
                  style={index === count - 1 ? { background: 'transparent' } : undefined}
                  aria-label={t('imagesStep.moveLaterOf', { name: image.filename })}
                  onClick={() => onMove(1)}
                >
                  <IconArrowRight size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('imagesStep.hotspots')} withArrow openDelay={300}>
                <ActionIcon variant="subtle" aria-label={t('imagesStep.hotspotsOf', { name: image.filename })} onClick={onEditHotspots}>
                  <IconMapPin size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('imagesStep.delete')} withArrow openDelay={300}>
                <ActionIcon variant="subtle" color="red" aria-label={t('imagesStep.deleteOf', { name: image.filename })} onClick={onDelete}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
