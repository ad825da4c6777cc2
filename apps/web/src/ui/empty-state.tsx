import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: TablerIcon;
  title?: string;
  children?: ReactNode;
  /** A link or button that helps the reader move on. */
  action?: ReactNode;
  color?: string;
}

/** What a list or a page shows when there is nothing in it yet. */
export function EmptyState({ icon: Icon, title, children, action, color }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon size={52} radius="xl" variant="light" color={color}>
          <Icon size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        {title ? (
          <Text fw={600} size="lg">
            {title}
          </Text>
        ) : null}
        {children ? (
          <Text c={title ? 'dimmed' : undefined} maw={520}>
            {children}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
