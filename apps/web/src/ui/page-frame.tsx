import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageFrameProps {
  /** The page's name: its h1 and the first part of the document title. */
  title: string;
  /** Text under the title; anything but a string is rendered as it is. */
  description?: ReactNode;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every page: an h1, a short description, and the page's content below. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
            {title}
          </Title>
          {typeof description === 'string' ? (
            <Text c="dimmed" maw={680}>
              {description}
            </Text>
          ) : (
            // A richer description (badges, icons) brings its own layout.
            (description ?? null)
          )}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
