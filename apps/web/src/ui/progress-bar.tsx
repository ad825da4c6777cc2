import { Progress, type MantineColor, type MantineSize } from '@mantine/core';

export interface ProgressBarProps {
  /** 0–100; null while how far it is is not known yet (an indeterminate bar). */
  value: number | null;
  /** The bar's accessible name. */
  label: string;
  color?: MantineColor;
  size?: MantineSize;
  /** Stripes moving: work is going on. */
  isActive?: boolean;
}

/**
 * A progress bar that also says when it cannot tell how far along it is: then it fills with light
 * moving stripes and has no aria-valuenow (WAI-ARIA's indeterminate progress bar).
 */
export function ProgressBar({ value, label, color, size = 'md', isActive = false }: ProgressBarProps) {
  if (value === null) {
    return (
      <Progress.Root size={size} radius="xl" role="progressbar" aria-label={label} aria-busy>
        <Progress.Section value={100} color={color ?? 'gray.4'} striped animated withAria={false} />
      </Progress.Root>
    );
  }
  return <Progress value={value} size={size} radius="xl" color={color} striped={isActive} animated={isActive} aria-label={label} />;
}
