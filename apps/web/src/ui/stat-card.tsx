import { Group, Paper, Text, ThemeIcon, UnstyledButton, type MantineColor } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './stat-card.module.css';

export interface StatCardProps {
  label: string;
  value: string;
  icon: TablerIcon;
  /** Where the card leads; without it the card is not a link. */
  to?: string | undefined;
  color?: MantineColor | undefined;
}

/** A number with its label, optionally a link to the list it counts. */
export function StatCard({ label, value, icon: Icon, to, color }: StatCardProps) {
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={30} fw={700} lh={1.2} mt={4}>
          {value}
        </Text>
      </div>
      <ThemeIcon variant="light" size={40} radius="md" color={color}>
        <Icon size={22} stroke={1.6} aria-hidden />
      </ThemeIcon>
    </Group>
  );
  return (
    <Paper withBorder radius="md" className={to ? classes.linked : undefined}>
      {to ? (
        <UnstyledButton component={Link} to={to} className={classes.link} p="md">
          {body}
        </UnstyledButton>
      ) : (
        <div className={classes.link} style={{ padding: 'var(--mantine-spacing-md)' }}>
          {body}
        </div>
      )}
    </Paper>
  );
}
