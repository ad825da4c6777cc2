import { creationStage, lifecycleTarget } from '@corner/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconAlertTriangle, IconCalendarCheck, IconFlask, IconLock, IconSend } from '@tabler/icons-react';
import { readFragment, type FragmentOf, type ResultOf } from 'gql.tada';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { DateText, formatDateTime } from '../../../ui/date-text';
import { testState } from '../creator-review';
import { DecidedUpdateRequestQuery, UpdateSubmissionStatusMutation } from '../graphql';
import { editStepPath } from '../urls';
import { CreationReports } from './creation-reports';
import { EditBannerFragment } from './edit-banner.fragment';
import { TestFeedback } from './test-feedback';
import { UpdateRequestCard } from './update-request-card';
import { UpdateRequestDialog } from './update-request-dialog';

/**
 * Where a creation stands in review and what its creator does next, above every edit step: why it
 * cannot be edited now (with "Withdraw to edit" while it waits), what a failed test found, why it
 * was rejected, and, once approved, its publication, update requests and reports. Nothing for a
 * draft with nothing to fix.
 */
export function EditBanner({ creation: data }: { creation: FragmentOf<typeof EditBannerFragment> }) {
  const { t } = useTranslation();
  const creation = readFragment(EditBannerFragment, data);
  const pending = creation.pending_update_request;
  const tests = testState(creation.tests, pending?.id);
  const feedback = tests.failed.length > 0 ? <TestFeedback tests={tests.failed} /> : null;
  if (creation.deleted_at) {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('edit.readOnlyTitle')}>
        {t('edit.readOnly.deleted')}
      </Alert>
    );
  }
  switch (creationStage(creation)) {
    case 'draft':
      return feedback ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('creatorReview.test.failedTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t('creatorReview.test.nextDraft')}</Text>
            {feedback}
          </Stack>
        </Alert>
      ) : null;
    case 'submitted':
      return feedback ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('creatorReview.test.failedTitle')}>
          <Stack gap="sm">
            <Group justify="space-between" align="center" gap="sm">
              <Text size="sm" style={{ flex: '1 1 280px' }}>
                {t('creatorReview.test.nextSubmitted')}
              </Text>
              <WithdrawButton id={creation.id} />
            </Group>
            {feedback}
          </Stack>
        </Alert>
      ) : (
        <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('edit.readOnlyTitle')}>
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" style={{ flex: '1 1 280px' }}>
              {t('edit.readOnly.submitted')}
            </Text>
            <WithdrawButton id={creation.id} />
          </Group>
        </Alert>
      );
    case 'testing':
      return (
        <Alert color="violet" variant="light" icon={<IconFlask size={18} aria-hidden />} title={t('creatorReview.test.runningTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t('edit.readOnly.testing')}</Text>
            {feedback ? <Text size="sm">{t('creatorReview.test.earlierFailed')}</Text> : null}
            {feedback}
          </Stack>
        </Alert>
      );
    case 'approved':
    case 'published':
      return <ApprovedPanel creation={creation} tests={tests} />;
    case 'rejected':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('edit.rejectedTitle')}>
          <Stack gap="sm">
            {creation.latest_rejection_reason ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {creation.latest_rejection_reason}
              </Text>
            ) : null}
            <Text size="sm">{t('edit.rejectedText')}</Text>
            {feedback}
          </Stack>
        </Alert>
      );
    default:
      return null;
  }
}

type BannerCreation = ResultOf<typeof EditBannerFragment>;
type BannerTestState = ReturnType<typeof testState<BannerCreation['tests'][number]>>;

/**
 * An approved creation: when it publishes (or that it is published), "Send an update", the pending
 * update request or staff's answer to the last one, and open reports.
 */
function ApprovedPanel({ creation, tests }: { creation: BannerCreation; tests: BannerTestState }) {
  const { t } = useTranslation();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const pending = creation.pending_update_request;
  const [{ data: decided }] = useQuery({
    query: DecidedUpdateRequestQuery,
    variables: { submission_id: creation.id },
    pause: pending !== null,
    context: DECIDED_CONTEXT,
  });
  const last = pending ? null : decided?.getSubmissionUpdateRequests.data[0];
  const isPublished = creationStage(creation) === 'published';
  return (
    <Stack gap="sm">
      <Alert
        color={isPublished ? 'green' : 'teal'}
        variant="light"
        icon={<IconCalendarCheck size={18} aria-hidden />}
        title={
          creation.publish_at ? (
            <>
              {t(isPublished ? 'creatorReview.approved.publishedOn' : 'creatorReview.approved.publishesOn')}{' '}
              {isPublished ? <DateText value={creation.publish_at} /> : <time dateTime={creation.publish_at}>{formatDateTime(creation.publish_at)}</time>}
            </>
          ) : (
            t('creatorReview.approved.title')
          )
        }
      >
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" style={{ flex: '1 1 280px' }}>
              {t(isPublished ? 'creatorReview.approved.publishedText' : 'creatorReview.approved.scheduledText')}{' '}
              {t(pending ? 'creatorReview.approved.pendingHint' : 'creatorReview.approved.updateHint')}
            </Text>
            <Button
              size="sm"
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={pending !== null}
              onClick={() => setDialogOpen(true)}
            >
              {t('creatorReview.approved.sendUpdate')}
            </Button>
          </Group>
          {tests.isRunning ? <Text size="sm">{t('creatorReview.approved.testing')}</Text> : null}
        </Stack>
      </Alert>
      {pending ? (
        <UpdateRequestCard data={pending} isTestRunning={tests.isUpdateRunning} failedTests={tests.updateFailed} />
      ) : last ? (
        <UpdateRequestCard data={last} />
      ) : null}
      {creation.numReports > 0 ? <CreationReports submissionId={creation.id} count={creation.numReports} /> : null}
      <UpdateRequestDialog
        opened={isDialogOpen}
        submissionId={creation.id}
        filesStepPath={editStepPath(2, creation.model_type, creation.id)}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}

/** The last decision is read again once a request is sent or withdrawn. */
const DECIDED_CONTEXT = { additionalTypenames: ['SubmissionUpdateRequest'] };

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
      .mutation(UpdateSubmissionStatusMutation, { id, status: lifecycleTarget('withdraw') }, { additionalTypenames: ['SubmissionProperties', 'Counters'] })
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
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      <Button size="sm" variant={variant} loading={isBusy} onClick={() => void handleWithdraw()}>
        {t('edit.withdraw')}
      </Button>
    </Group>
  );
}
