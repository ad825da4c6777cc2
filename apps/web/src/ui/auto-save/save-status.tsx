import type { ReactNode } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './auto-saver';

export interface SaveStatusLineProps {
  status: SaveStatus;
  /** Why the last save failed. */
  failure?: string | null | undefined;
  onRetry?: () => void;
}

/**
 * Where a self-saving form stands: "Saving…", "Saved", or "Could not save: {reason}" with a retry.
 * Announced politely to screen readers.
 */
export function SaveStatusLine({ status, failure, onRetry }: SaveStatusLineProps) {
  const { t } = useTranslation();
  let content: ReactNode = null;
  switch (status) {
    case 'idle':
      content = null;
      break;
    case 'pending':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconPencil size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('saveStatus.pending')}
          </Text>
        </Group>
      );
      break;
    case 'saving':
      content = (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} />
          <Text size="sm" c="dimmed">
            {t('saveStatus.saving')}
          </Text>
        </Group>
      );
      break;
    case 'saved':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm" c="teal">
            {t('saveStatus.saved')}
          </Text>
        </Group>
      );
      break;
    case 'invalid':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconAlertCircle size={14} color="var(--mantine-color-orange-8)" aria-hidden />
          <Text size="sm" c="orange">
            {t('saveStatus.invalid')}
          </Text>
        </Group>
      );
      break;
    case 'failed':
      content = (
        <Group gap={8} wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-hidden />
            <Text size="sm" c="red">
              {t('saveStatus.failed', { reason: failure ?? t('saveStatus.unknownReason') })}
            </Text>
          </Group>
          {onRetry ? (
            <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
              {t('saveStatus.retry')}
            </Button>
          ) : null}
        </Group>
      );
      break;
  }
  return (
    <div role="status" aria-live="polite" style={{ minHeight: content ? 24 : 0, display: 'flex', alignItems: 'center' }}>
      {content}
    </div>
  );
}

/** The status of several forms on one screen, worst first: failed, invalid, saving, pending, saved. */
export function combineSaveStatus(statuses: readonly SaveStatus[]): SaveStatus {
  const order: SaveStatus[] = ['failed', 'invalid', 'saving', 'pending', 'saved', 'idle'];
  for (const status of order) if (statuses.includes(status)) return status;
  return 'idle';
}
