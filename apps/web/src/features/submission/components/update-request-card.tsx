import { updateRequestStage } from '@corner/domain';
import { Badge, Button, Group, Image, List, Paper, Stack, Text, type MantineColor } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconFileUpload } from '@tabler/icons-react';
import { readFragment, type FragmentOf } from 'gql.tada';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DateText } from '../../../ui/date-text';
import { DeleteSubmissionUpdateRequestMutation } from '../graphql';
import { TestFeedback, type FeedbackTest } from './test-feedback';
import { UpdateRequestCardFragment } from './update-request-card.fragment';

const STATUS_COLORS: Record<string, MantineColor> = { PENDING: 'blue', APPROVED: 'teal', REJECTED: 'red' };

/** Lists and badges refetch after a request changes (the mutation returns no creation). */
export const UPDATE_REQUEST_CONTEXT = { additionalTypenames: ['SubmissionProperties', 'SubmissionUpdateRequest', 'Counters'] };

export interface UpdateRequestCardProps {
  data: FragmentOf<typeof UpdateRequestCardFragment>;
  /** Its update tests' state, for a pending request. */
  isTestRunning?: boolean;
  failedTests?: readonly FeedbackTest[];
}

/**
 * One of the creator's update requests: its status, message, the file versions and images it
 * brings and staff's note on the decision; a pending one can be withdrawn.
 */
export function UpdateRequestCard({ data, isTestRunning = false, failedTests = [] }: UpdateRequestCardProps) {
  const { t } = useTranslation();
  const client = useClient();
  const request = readFragment(UpdateRequestCardFragment, data);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stage = updateRequestStage(request.status);
  const isPending = stage === 'pending';
  const filenames = new Map(request.files.map((file) => [file.id, file.filename]));
  const note = request.decision_note?.trim();

  async function handleWithdraw() {
    setBusy(true);
    setFailure(null);
    const result = await client.mutation(DeleteSubmissionUpdateRequestMutation, { id: request.id }, UPDATE_REQUEST_CONTEXT).toPromise();
    setBusy(false);
    if (result.error) {
      setFailure(errorCause(result.error));
      return;
    }
    setConfirmOpen(false);
    notifications.show({ color: 'teal', title: t('creatorReview.update.withdrawnTitle'), message: t('creatorReview.update.withdrawnText') });
  }

  return (
    <Paper withBorder p="md" radius="md" aria-label={t('creatorReview.update.cardLabel', { id: request.id })} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <IconFileUpload size={18} aria-hidden />
              <Text fw={600}>{t(`creatorReview.update.title.${request.status}`, { defaultValue: t('creatorReview.update.title.other') })}</Text>
              <Badge color={STATUS_COLORS[request.status] ?? 'gray'} variant="light" radius="sm" tt="none">
                {t(`creatorReview.update.status.${request.status}`, { defaultValue: request.status })}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('creatorReview.update.sentOn')} <DateText value={request.created_at} />
              {!isPending ? (
                <>
                  {' · '}
                  {t('creatorReview.update.decidedOn')} <DateText value={request.updated_at} />
                </>
              ) : null}
            </Text>
          </Stack>
          {isPending ? (
            <Button size="xs" variant="light" color="red" onClick={() => setConfirmOpen(true)}>
              {t('creatorReview.update.withdraw')}
            </Button>
          ) : null}
        </Group>
        {isPending ? <Text size="sm">{t('creatorReview.update.pendingText')}</Text> : null}
        {stage === 'approved' ? <Text size="sm">{t('creatorReview.update.approvedText')}</Text> : null}
        {stage === 'rejected' ? <Text size="sm">{t('creatorReview.update.rejectedText')}</Text> : null}
        {note ? (
          <div>
            <Text size="sm" fw={600}>
              {t('creatorReview.update.decisionNote')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note}
            </Text>
          </div>
        ) : null}
        <div>
          <Text size="sm" fw={600}>
            {t('creatorReview.update.yourMessage')}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {request.message}
          </Text>
        </div>
        {request.file_versions.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              {t('creatorReview.update.files')}
            </Text>
            <List size="sm" spacing={2}>
              {request.file_versions.map((v) => (
                <List.Item key={v.file_id}>
                  {t('creatorReview.update.fileVersion', { filename: filenames.get(v.file_id) ?? `#${v.file_id}`, version: v.version })}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {request.images.length > 0 ? (
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t('creatorReview.update.images')}
            </Text>
            <Group gap="xs">
              {request.images.map((image) => (
                <Image key={image.id} src={image.url} alt={image.filename} w={56} h={56} radius="sm" fit="cover" />
              ))}
            </Group>
          </div>
        ) : null}
        {isPending && isTestRunning ? (
          <Text size="sm" c="violet">
            {t('creatorReview.update.testing')}
          </Text>
        ) : null}
        {isPending && failedTests.length > 0 ? (
          <Stack gap="xs">
            <Text size="sm" fw={600} c="orange">
              {t('creatorReview.update.testFailed')}
            </Text>
            <TestFeedback tests={failedTests} />
          </Stack>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={isConfirmOpen}
        title={t('creatorReview.update.withdrawTitle')}
        message={t('creatorReview.update.withdrawText')}
        confirmLabel={t('creatorReview.update.withdraw')}
        isDanger
        isBusy={isBusy}
        error={failure}
        onConfirm={() => void handleWithdraw()}
        onClose={() => setConfirmOpen(false)}
      />
    </Paper>
  );
}
