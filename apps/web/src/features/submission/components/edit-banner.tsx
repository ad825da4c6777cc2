import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { UpdateSubmissionStatusMutation } from '../graphql';

export interface EditBannerCreation {
  id: number;
  name: string;
  status: string;
  deleted_at: string | null;
  latest_rejection_reason: string | null;
}

/**
 * Why a creation cannot be edited now (with "Withdraw to edit" while it waits for review), or why
 * a rejected one came back. Nothing for a draft.
 */
export function EditBanner({ creation }: { creation: EditBannerCreation }) {
  const { t } = useTranslation();
  if (creation.deleted_at) {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('edit.readOnlyTitle')}>
        {t('edit.readOnly.deleted')}
      </Alert>
    );
  }
  switch (creation.status) {
    case 'SUBMITTED':
      return (
        <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('edit.readOnlyTitle')}>
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">{t('edit.readOnly.submitted')}</Text>
            <WithdrawButton id={creation.id} />
          </Group>
        </Alert>
      );
    case 'TESTING':
      return (
        <Alert color="violet" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('edit.readOnlyTitle')}>
          {t('edit.readOnly.testing')}
        </Alert>
      );
    case 'APPROVED':
      return (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={t('edit.readOnlyTitle')}>
          {t('edit.readOnly.approved')}
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('edit.rejectedTitle')}>
          {creation.latest_rejection_reason
            ? t('edit.rejectedWithReason', { reason: creation.latest_rejection_reason })
            : t('edit.rejectedText')}
        </Alert>
      );
    default:
      return null;
  }
}

/** Takes a submitted creation back to the editing queue (SUBMITTED → CREATED). */
export function WithdrawButton({ id, variant = 'filled' }: { id: number; variant?: 'filled' | 'light' }) {
  const { t } = useTranslation();
  const client = useClient();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleWithdraw() {
    setBusy(true);
    setFailure(null);
    const result = await client
      .mutation(UpdateSubmissionStatusMutation, { id, status: 'CREATED' }, { additionalTypenames: ['Counters'] })
      .toPromise();
    setBusy(false);
    if (result.error) {
      setFailure(errorCause(result.error));
      return;
    }
    notifications.show({ color: 'teal', title: t('edit.withdrawnTitle'), message: t('edit.withdrawnText') });
  }

  return (
    <Group gap="xs">
      {failure ? (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
      <Button size="sm" variant={variant} loading={isBusy} onClick={() => void handleWithdraw()}>
        {t('edit.withdraw')}
      </Button>
    </Group>
  );
}
