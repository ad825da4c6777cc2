import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled section of a page: a level-2 heading that names the section (`aria-labelledby`), an
 * optional dimmed line saying what it is for, then its content.
 */
export function PageSection({ id, title, intro, children }: { id: string; title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="xl" id={id}>
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
