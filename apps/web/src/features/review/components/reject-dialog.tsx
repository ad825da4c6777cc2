import { Alert, Button, Checkbox, Group, ScrollArea, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { Modal } from '../../../ui/modal';
import { QueryState } from '../../../ui/query-state';
import { RejectDialogQuery } from './reject-dialog.graphql';
import { useReviewActions } from '../hooks/use-review-actions';

export interface RejectDialogProps {
  /** The creation to reject; the dialog is closed while null. */
  target: { id: number; name: string; model_type: string } | null;
  onClose: () => void;
  onRejected?: () => void;
  /** When another reviewer holds the lock: the page shows who (the dialog keeps what was typed). */
  onLocked?: () => void;
}

/**
 * Reject with reasons from the rejection categories and a message to the creator. A template of
 * the creation's kind fills the message, which the reviewer may edit. The
 * creator sees the result under Needs attention.
 */
export function RejectDialog({ target, onClose, onRejected, onLocked }: RejectDialogProps) {
  const { t } = useTranslation();
  const [{ data, fetching, error: loadError }] = useQuery({
    query: RejectDialogQuery,
    variables: { model_type: target?.model_type ?? null },
    pause: !target,
  });
  const [reasonIds, setReasonIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { reject } = useReviewActions();

  // A new creation starts a new rejection. The same creation's row refetched while the dialog is
  // open (the page refreshing its lock, a list update) keeps what the reviewer typed.
  const targetId = target?.id ?? null;
  useEffect(() => {
    if (targetId !== null) {
      setReasonIds([]);
      setMessage('');
      setTemplate(null);
      setError(null);
    }
  }, [targetId]);

  const templates = data?.rejectionTemplates ?? [];
  function handleTemplate(id: string | null) {
    setTemplate(id);
    const chosen = templates.find((tpl) => tpl.id === id);
    if (!chosen) return;
    setMessage(chosen.message);
  }

  async function handleReject() {
    if (!target) return;
    if (reasonIds.length === 0 && message.trim() === '') {
      setError(t('review.reject.needReason'));
      return;
    }
    setBusy(true);
    const outcome = await reject(target.id, reasonIds.map(Number), message);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error);
      if (outcome.isLocked) onLocked?.();
      return;
    }
    onRejected?.();
    onClose();
  }

  return (
    <Modal opened={target !== null} onClose={onClose} centered size="ml" title={t('review.reject.title', { name: target?.name ?? '' })}>
      {!data ? (
        <QueryState
          isLoading={fetching || !loadError}
          loadingText={t('review.reject.loading')}
          failedTitle={t('review.reject.loadFailed')}
          failure={loadError ? errorCause(loadError) : null}
        />
      ) : (
        <Stack gap="sm">
          {templates.length ? (
            <Select
              label={t('review.reject.template')}
              placeholder={t('review.reject.templatePlaceholder')}
              data={templates.map((tpl) => ({ value: tpl.id, label: tpl.title }))}
              value={template}
              onChange={handleTemplate}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <Text size="sm" fw={500}>
            {t('review.reject.reasons')}
          </Text>
          <ScrollArea.Autosize mah={260} type="auto">
            <Checkbox.Group value={reasonIds} onChange={setReasonIds}>
              <Stack gap="xs">
                {(data?.rejectionCategories.data ?? []).map((category) => (
                  <Stack key={category.id} gap={4}>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                      {category.name}
                    </Text>
                    {category.reasons.map((reason) => (
                      <Checkbox key={reason.id} value={String(reason.id)} label={reason.name} description={reason.description || undefined} />
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
          <Textarea
            label={t('review.reject.message')}
            description={t('review.reject.messageHelp')}
            autosize
            minRows={3}
            maxRows={8}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void handleReject()}>
              {t('review.reject.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
