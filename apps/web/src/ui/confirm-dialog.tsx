import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** A destructive action is shown in red. */
  isDanger?: boolean;
  isBusy?: boolean;
  /** Shown under the message when the action failed. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot simply be taken back. */
export function ConfirmDialog({ opened, title, message, confirmLabel, isDanger, isBusy, error, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="m" centered>
      <Text>{message}</Text>
      {error ? (
        <Text c="red" size="sm" mt="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color={isDanger ? 'red' : undefined} loading={isBusy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
