import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageFrame } from './image-frame';
import { Modal } from './modal';
import { cutText } from './text';

/** SPEC section 2: the URL shown in the lightbox is cut at 200 characters. */
export const LIGHTBOX_URL_MAX = 200;

export interface LightboxItem {
  key: string | number;
  src: string;
  alt: string;
  /** A line under the picture, e.g. its file name and size. */
  caption?: ReactNode;
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** Drawn over the picture, positioned in percent of it. */
  overlay?: ReactNode;
}

export interface LightboxProps {
  /** Null when closed. */
  index: number | null;
  items: readonly LightboxItem[];
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The dialog's title, e.g. "Images of Cosy Cottage". */
  title: string;
}

/** The address of a picture as people read it: absolute, on this site when it is a path. */
export function absoluteUrl(src: string, origin: string): string {
  try {
    return new URL(src, origin).href;
  } catch {
    return src;
  }
}

/**
 * A large view of one picture of a list, with previous/next buttons and the arrow keys; Escape
 * closes it. Its address is shown under it, cut at 200 characters.
 */
export function Lightbox({ index, items, onIndexChange, onClose, title }: LightboxProps) {
  const { t } = useTranslation();
  const item = index === null ? undefined : items[index];
  const count = items.length;
  const hasMany = count > 1;

  useEffect(() => {
    if (index === null || count < 2) return;
    function handleKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') onIndexChange(((index ?? 0) + 1) % count);
      else if (event.key === 'ArrowLeft') onIndexChange(((index ?? 0) - 1 + count) % count);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [index, count, onIndexChange]);

  const url = item ? absoluteUrl(item.src, window.location.origin) : '';

  return (
    <Modal
      opened={item !== undefined}
      onClose={onClose}
      size="xxxl"
      centered
      title={
        <Group gap="sm">
          <Text fw={600}>{title}</Text>
          {item && hasMany ? (
            <Text size="sm" c="dimmed">
              {t('lightbox.position', { position: (index ?? 0) + 1, count })}
            </Text>
          ) : null}
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('lightbox.close') }}
    >
      {item ? (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="center">
            {hasMany ? (
              <ActionIcon
                variant="default"
                size="xl"
                radius="xl"
                aria-label={t('lightbox.previous')}
                onClick={() => onIndexChange(((index ?? 0) - 1 + count) % count)}
              >
                <IconChevronLeft size={22} aria-hidden />
              </ActionIcon>
            ) : null}
            <div style={{ flex: 1, minWidth: 0 }}>
              <ImageFrame key={item.key} src={item.src} alt={item.alt} width={item.width} height={item.height} maxHeight="68vh">
                {item.overlay}
              </ImageFrame>
            </div>
            {hasMany ? (
              <ActionIcon variant="default" size="xl" radius="xl" aria-label={t('lightbox.next')} onClick={() => onIndexChange(((index ?? 0) + 1) % count)}>
                <IconChevronRight size={22} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
          {item.caption ? (
            <Text size="sm" ta="center">
              {item.caption}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" ta="center" ff="monospace" style={{ wordBreak: 'break-all' }} aria-label={t('lightbox.urlLabel')}>
            {cutText(url, LIGHTBOX_URL_MAX)}
          </Text>
          {hasMany ? (
            <Text size="xs" c="dimmed" ta="center">
              {t('lightbox.keysHint')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
