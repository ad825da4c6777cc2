import { ActionIcon, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFile, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { progressView } from './progress';
import type { UploadEntry } from './upload-queue';

export interface UploadListProps {
  /** Names the list for screen readers, e.g. "Uploads". */
  label: string;
  entries: readonly UploadEntry[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
  /** Sends a failed file again; without it no retry button is shown. */
  onRetry?: (id: string) => void;
}

/** Files being uploaded, each with its own progress bar, sizes and a way to cancel or retry it. */
export function UploadList({ label, entries, onCancel, onDismiss, onRetry }: UploadListProps) {
  if (entries.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <UploadRow entry={entry} onCancel={onCancel} onDismiss={onDismiss} onRetry={onRetry} />
        </li>
      ))}
    </Stack>
  );
}

function UploadRow({ entry, onCancel, onDismiss, onRetry }: { entry: UploadEntry } & Pick<UploadListProps, 'onCancel' | 'onDismiss' | 'onRetry'>) {
  const { t } = useTranslation();
  const view = progressView(entry.loaded, entry.size);
  const isFailed = entry.status === 'failed';
  const isDone = entry.status === 'done';
  const isActive = !isFailed && !isDone;

  let statusText: string;
  switch (entry.status) {
    case 'checking':
      statusText = t('uploadList.checking');
      break;
    case 'queued':
      statusText = t('uploadList.queued', { total: view.totalText });
      break;
    case 'uploading':
      statusText = t('uploadList.progress', { percent: view.percent, loaded: view.loadedText, total: view.totalText });
      break;
    case 'processing':
      statusText = t('uploadList.processing', { total: view.totalText });
      break;
    case 'done':
      statusText = t('uploadList.done', { total: view.totalText });
      break;
    case 'failed':
      statusText = entry.error ?? t('uploadList.failed');
      break;
  }

  return (
    <Paper withBorder radius="md" px="md" py="sm" bg={isFailed ? 'var(--mantine-color-red-light)' : undefined} style={isFailed ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}>
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon variant="light" radius="xl" size="lg" color={isFailed ? 'red' : isDone ? 'teal' : undefined}>
          {isFailed ? <IconAlertCircle size={18} aria-hidden /> : isDone ? <IconCheck size={18} aria-hidden /> : <IconFile size={18} aria-hidden />}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} truncate="end" title={entry.name}>
              {entry.name}
            </Text>
            {entry.status === 'processing' || entry.status === 'checking' ? <Loader size={12} aria-hidden /> : null}
          </Group>
          {entry.note ? (
            <Text size="xs" c="dimmed" truncate="end">
              {entry.note}
            </Text>
          ) : null}
          {isActive || isDone ? (
            <Progress
              value={isDone ? 100 : view.percent}
              size="sm"
              radius="xl"
              color={isDone ? 'teal' : undefined}
              animated={entry.status === 'processing'}
              striped={entry.status === 'processing'}
              aria-label={t('uploadList.progressLabel', { name: entry.name })}
            />
          ) : null}
          <Text size="xs" c={isFailed ? 'red' : isDone ? 'teal' : 'dimmed'} role={isFailed ? 'alert' : undefined}>
            {statusText}
          </Text>
        </Stack>
        {isFailed && entry.canRetry && onRetry ? (
          <ActionIcon variant="subtle" aria-label={t('uploadList.retry', { name: entry.name })} onClick={() => onRetry(entry.id)}>
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        ) : null}
        {isActive ? (
          <ActionIcon variant="subtle" color="gray" aria-label={t('uploadList.cancel', { name: entry.name })} onClick={() => onCancel(entry.id)}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" color="gray" aria-label={t('uploadList.dismiss', { name: entry.name })} onClick={() => onDismiss(entry.id)}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
