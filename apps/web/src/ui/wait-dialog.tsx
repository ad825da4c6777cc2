import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/** SPEC 9's default delays: shown after 2000 ms of waiting, then kept at least 1000 ms. */
export const WAIT_SHOW_DELAY_MS = 2000;
export const WAIT_MIN_VISIBLE_MS = 1000;

export interface WaitDialogProps {
  /** Something is being waited for. */
  isWaiting: boolean;
  title: string;
  /** What is being waited for, e.g. "Unpacking chair.zip…". */
  message: string;
  /** When set the dialog shows it (at once) with a close button; an empty string shows the default text. */
  error: string | null;
  onClose: () => void;
  /** How long a wait lasts before the dialog appears (a short wait shows no dialog). */
  showDelayMs?: number;
  /** Once shown, how long it stays at least, so it does not flash. */
  minVisibleMs?: number;
}

/**
 * The wait dialog of SPEC section 2: appears only when a wait lasts, and when the wait ends in an
 * error, shows it ("no message given" by default) with a close button.
 */
export function WaitDialog({ isWaiting, title, message, error, onClose, showDelayMs = WAIT_SHOW_DELAY_MS, minVisibleMs = WAIT_MIN_VISIBLE_MS }: WaitDialogProps) {
  const { t } = useTranslation();
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [isHolding, setHolding] = useState(false);

  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(() => setShownAt(Date.now()), showDelayMs);
    return () => clearTimeout(timer);
  }, [isWaiting, showDelayMs]);

  useEffect(() => {
    if (isWaiting || shownAt === null) return;
    const left = shownAt + minVisibleMs - Date.now();
    if (left <= 0) {
      setShownAt(null);
      return;
    }
    setHolding(true);
    const timer = setTimeout(() => {
      setHolding(false);
      setShownAt(null);
    }, left);
    return () => clearTimeout(timer);
  }, [isWaiting, shownAt, minVisibleMs]);

  const hasError = error !== null;
  const isOpen = hasError || (shownAt !== null && (isWaiting || isHolding));

  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={title}
      centered
      size="m"
      withCloseButton={hasError}
      closeOnClickOutside={hasError}
      closeOnEscape={hasError}
    >
      {hasError ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error.trim() || t('waitDialog.noMessage')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('waitDialog.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm" role="status" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm">{message}</Text>
        </Group>
      )}
    </Modal>
  );
}
