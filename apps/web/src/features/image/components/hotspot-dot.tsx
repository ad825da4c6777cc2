import type { CSSProperties, ReactNode } from 'react';
import { Tooltip } from '../../../ui/tooltip';

export interface HotspotDotProps {
  /** The hotspot's place on the picture, as fractions. */
  x: number;
  y: number;
  /** Its number in the list. */
  label: ReactNode;
  /** What the dot says when pointed at (title or link). */
  tooltip: string;
  ariaLabel: string;
  isSelected?: boolean;
  /** A hotspot being placed, not saved yet. */
  isPending?: boolean;
  /** A dot that links to the hotspot's page (the lightbox); otherwise a button. */
  href?: string;
  onClick?: () => void;
}

const SIZE = 26;

/** A numbered dot over a picture, at a hotspot's place. */
export function HotspotDot({ x, y, label, tooltip, ariaLabel, isSelected, isPending, href, onClick }: HotspotDotProps) {
  const style: CSSProperties = {
    position: 'absolute',
    left: `${x * 100}%`,
    top: `${y * 100}%`,
    transform: 'translate(-50%, -50%)',
    width: SIZE,
    height: SIZE,
    borderRadius: '50%',
    border: '2px solid white',
    boxShadow: isSelected ? '0 0 0 3px var(--mantine-color-yellow-5), 0 1px 4px rgba(0,0,0,.5)' : '0 1px 4px rgba(0,0,0,.5)',
    background: isPending ? 'var(--mantine-color-orange-6)' : 'var(--mantine-primary-color-filled)',
    color: 'white',
    fontSize: 12,
    fontWeight: 700,
    lineHeight: `${SIZE - 4}px`,
    textAlign: 'center',
    padding: 0,
    cursor: 'pointer',
    textDecoration: 'none',
    zIndex: isSelected ? 2 : 1,
  };
  const dot = href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={ariaLabel} style={style} onClick={(event) => event.stopPropagation()}>
      {label}
    </a>
  ) : (
    <button
      type="button"
      aria-label={ariaLabel}
      aria-pressed={isSelected}
      style={style}
      onClick={(event) => {
        // The picture under it would otherwise take the click as a new place.
        event.stopPropagation();
        onClick?.();
      }}
    >
      {label}
    </button>
  );
  return (
    <Tooltip label={tooltip} withArrow openDelay={150} multiline maw={280}>
      {dot}
    </Tooltip>
  );
}
