import { Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** What stands in for an image that did not load (SPEC section 8). */
export function ImageLoadError({ style, compact }: { style?: CSSProperties; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center bg="var(--corner-surface-muted)" c="dimmed" p="sm" style={{ width: '100%', height: '100%', ...style }} role="img" aria-label={t('media.imageError')}>
      <Stack align="center" gap={4}>
        <IconPhotoOff size={compact ? 22 : 32} stroke={1.5} aria-hidden />
        <Text size={compact ? 'xs' : 'sm'} ta="center">
          {t('media.imageError')}
        </Text>
      </Stack>
    </Center>
  );
}

export interface SafeImageProps {
  src: string;
  alt: string;
  /** How the picture fills its box. */
  fit?: CSSProperties['objectFit'];
  style?: CSSProperties;
  /** A smaller message, for thumbnails. */
  compact?: boolean;
  onLoad?: (size: { width: number; height: number }) => void;
}

/** An `<img>` filling its box that says "There was an error loading the image" when it cannot load. */
export function SafeImage({ src, alt, fit = 'cover', style, compact, onLoad }: SafeImageProps) {
  // Remembers which address failed, so that a new address (a refreshed signed URL) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <ImageLoadError style={style} compact={compact} />;
  return (
    <img
      src={src}
      alt={alt}
      draggable={false}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      onLoad={(event) => onLoad?.({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
      style={{ display: 'block', width: '100%', height: '100%', objectFit: fit, ...style }}
    />
  );
}
