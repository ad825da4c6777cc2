import { Tooltip as MantineTooltip, type TooltipProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';

const CAN_HOVER = '(hover: hover)';
let query: MediaQueryList | null = null;

function hoverQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  query ??= window.matchMedia(CAN_HOVER);
  return query;
}

function subscribe(onChange: () => void): () => void {
  const media = hoverQuery();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

const canHover = () => hoverQuery()?.matches ?? true;

/**
 * Mantine's Tooltip where a pointer can hover; on a touch screen only its target. A tooltip opens on
 * hover, never on a tap, so there it would show nothing, yet each one placed its floating parts while
 * the page drew (every row's copy button, the top bar's actions): a phone's slowest work on a first
 * load (docs/performance.md).
 */
export function Tooltip(props: TooltipProps) {
  const hover = useSyncExternalStore(subscribe, canHover, () => true);
  return hover ? <MantineTooltip {...props} /> : props.children;
}
