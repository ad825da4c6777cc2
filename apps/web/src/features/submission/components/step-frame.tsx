import { Alert, Group, List, Stack, Text, Title, type TextProps } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../../../ui/auto-save/auto-saver';
import { SaveStatusLine } from '../../../ui/auto-save/save-status';
import { missingItemText, type MissingItemView } from '../missing-items';

export interface StepHeaderProps {
  title: string;
  text: ReactNode;
  status?: SaveStatus;
  failure?: string | null;
  onRetry?: () => void;
}

/** A step's heading, what it is for, and where its saving stands. */
export function StepHeader({ title, text, status, failure, onRetry }: StepHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Stack gap={4} style={{ flex: '1 1 320px' }}>
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={680}>
          {text}
        </Text>
      </Stack>
      {status ? <SaveStatusLine status={status} failure={failure} onRetry={onRetry} /> : null}
    </Group>
  );
}

/** What the completeness check still misses on this step, so the creator knows what to fill in. */
export function StepMissing({ items }: { items: readonly MissingItemView[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconListCheck size={18} aria-hidden />} title={t('edit.stillMissing')}>
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={`${item.code}:${item.childName ?? ''}`}>{missingItemText(t, item)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** An empty value of a creation that cannot be edited now: a fact, not a prompt to fill it in. */
export function NotSetText(props: Omit<TextProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" {...props}>
      {t('edit.notSet')}
    </Text>
  );
}

/** A titled group of fields inside a step. */
export function StepSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <div>
        <Title order={3} fz="md">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed" mt={2}>
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
