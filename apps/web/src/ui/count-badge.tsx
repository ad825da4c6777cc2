import { Badge, type MantineColor } from '@mantine/core';

export interface CountBadgeProps {
  /** The text to show, already formatted (e.g. "99+"). */
  text: string;
  /** A colour that stands out (e.g. red for problems); without it the badge is quiet. */
  color?: MantineColor;
}

/** The small count beside a menu link. */
export function CountBadge({ text, color }: CountBadgeProps) {
  return (
    <Badge
      size="sm"
      radius="xl"
      variant={color ? 'filled' : 'light'}
      color={color}
      miw={24}
      styles={{ label: { overflow: 'visible' } }}
    >
      {text}
    </Badge>
  );
}
