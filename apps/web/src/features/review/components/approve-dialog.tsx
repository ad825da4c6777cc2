import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { Modal } from '../../../ui/modal';
import { NextPublishSlotQuery } from './approve-dialog.graphql';
import { useReviewActions } from '../hooks/use-review-actions';
import { fromLocalInput, isPast, toLocalInput } from '../publish-date';

export interface ApproveDialogProps {
  /** The creations to approve with one publish date; the dialog is closed while empty. */
  ids: number[];
  /** Shown in the title when one creation is approved. */
  name?: string | undefined;
  onClose: () => void;
  /** After the server approved them (the undo toast is already up). */
  onApproved?: () => void;
  /** When another reviewer holds the lock: the page shows who (the dialog keeps what was chosen). */
  onLocked?: () => void;
}

/**
 * Approve one or several creations with a publish date (required, SPEC section 5). The date starts
 * at the next free publishing slot; "Now" publishes at once.
 */
export function ApproveDialog({ ids, name, onClose, onApproved, onLocked }: ApproveDialogProps) {
  const { t } = useTranslation();
  const opened = ids.length > 0;
  const [{ data: slot }, refetchSlot] = useQuery({ query: NextPublishSlotQuery, pause: !opened, requestPolicy: 'network-only' });
  const [value, setValue] = useState('');
  // Whether the reviewer chose a date since the dialog opened: the next free slot, which arrives
  // later on a slow line, fills the field only while they have not.
  const [isChosen, setChosen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { approve } = useReviewActions();

  // What one opening chose is forgotten when the dialog closes, not when it opens: an effect runs
  // after the dialog is on screen, and a date typed in that moment (a fast hand, a slow machine)
  // was marked unchosen again, so the next free slot arriving afterwards replaced it.
  useEffect(() => {
    if (opened) {
      refetchSlot({ requestPolicy: 'network-only' });
    } else {
      setError(null);
      setChosen(false);
      setValue('');
    }
  }, [opened, refetchSlot]);
  const nextSlot = slot?.nextPublishSlot ?? null;
  useEffect(() => {
    if (opened && nextSlot && !isChosen) setValue(toLocalInput(nextSlot));
  }, [opened, nextSlot, isChosen]);
  const choose = (next: string) => {
    setChosen(true);
    setValue(next);
  };

  const publishAt = fromLocalInput(value);

  async function handleApprove() {
    if (!publishAt) {
      setError(t('review.approve.dateRequired'));
      return;
    }
    setBusy(true);
    const outcome = await approve(ids, publishAt);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.fields?.publish_at ?? outcome.error);
      if (outcome.isLocked) onLocked?.();
      return;
    }
    onApproved?.();
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="m"
      title={ids.length > 1 ? t('review.approve.titleMany', { count: ids.length }) : t('review.approve.title', { name: name ?? `#${ids[0]}` })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void handleApprove();
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="datetime-local"
            label={t('review.approve.publishAt')}
            description={t('review.approve.publishAtHelp')}
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            value={value}
            onChange={(event) => choose(event.currentTarget.value)}
            required
            data-autofocus
            error={error && !publishAt ? error : undefined}
          />
          <Group gap="xs">
            {nextSlot ? (
              <Button size="compact-sm" variant="light" onClick={() => choose(toLocalInput(nextSlot))}>
                {t('review.approve.nextSlot')}
              </Button>
            ) : null}
            <Button size="compact-sm" variant="light" onClick={() => choose(toLocalInput(new Date().toISOString()))}>
              {t('review.approve.now')}
            </Button>
          </Group>
          {publishAt && isPast(publishAt) ? (
            <Text size="sm" c="dimmed">
              {t('review.approve.publishesNow')}
            </Text>
          ) : null}
          {error && publishAt ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="teal" loading={busy}>
              {ids.length > 1 ? t('review.approve.confirmMany', { count: ids.length }) : t('review.approve.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
