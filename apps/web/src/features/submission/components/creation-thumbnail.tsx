import { Image, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { kindIcon } from '../kinds';

export interface CreationThumbnailProps {
  kind: string;
  /** The creation's first image, once it has one; otherwise (or if it fails to load) the kind's icon stands in. */
  imageUrl?: string | null | undefined;
  size?: number;
}

/** The small picture of a creation in lists. */
export function CreationThumbnail({ kind, imageUrl, size = 48 }: CreationThumbnailProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (imageUrl && imageUrl !== failedUrl) {
    return <Image src={imageUrl} w={size} h={size} radius="md" fit="cover" alt="" onError={() => setFailedUrl(imageUrl)} />;
  }
  const Icon = kindIcon(kind);
  return (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" aria-hidden>
      <Icon size={Math.round(size * 0.5)} stroke={1.5} />
    </ThemeIcon>
  );
}
