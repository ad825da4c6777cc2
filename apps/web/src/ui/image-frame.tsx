import { useState, type MouseEvent, type ReactNode } from 'react';
import { SafeImage } from './safe-image';

/** A point on a picture as fractions (0 to 1) of its width and height. */
export interface ImagePoint {
  x: number;
  y: number;
}

export interface ImageFrameProps {
  src: string;
  alt: string;
  /** The picture's own size, when known; otherwise read once it has loaded. */
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** The tallest the picture may be shown (a CSS length). */
  maxHeight?: string;
  /** Drawn over the picture, positioned in percent of it (hotspots). */
  children?: ReactNode;
  /** When given, a click on the picture reports where it landed. */
  onPick?: (point: ImagePoint) => void;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Where a click landed on an element, as fractions of its width and height. */
export function pointOf(event: MouseEvent<HTMLElement>): ImagePoint {
  const box = event.currentTarget.getBoundingClientRect();
  return { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
}

/**
 * A picture shown whole, as large as it fits (at most `maxHeight` high), in a box of exactly its
 * shape, so that what is drawn over it in percent lands on the right spot at any size.
 */
export function ImageFrame({ src, alt, width, height, maxHeight = '70vh', children, onPick }: ImageFrameProps) {
  const [loaded, setLoaded] = useState<{ src: string; width: number; height: number } | null>(null);
  const w = width ?? (loaded?.src === src ? loaded.width : null) ?? 4;
  const h = height ?? (loaded?.src === src ? loaded.height : null) ?? 3;
  return (
    <div
      onClick={onPick ? (event) => onPick(pointOf(event)) : undefined}
      style={{
        position: 'relative',
        margin: '0 auto',
        aspectRatio: `${w} / ${h}`,
        width: `min(100%, calc(${maxHeight} * ${w / h}))`,
        cursor: onPick ? 'crosshair' : undefined,
        background: 'var(--corner-surface-image)',
        borderRadius: 4,
        overflow: 'hidden',
        userSelect: 'none',
      }}
    >
      <SafeImage src={src} alt={alt} fit="contain" onLoad={(size) => setLoaded({ src, ...size })} />
      {children}
    </div>
  );
}
