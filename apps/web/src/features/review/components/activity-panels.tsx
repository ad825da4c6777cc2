import { formatBytes, UPDATE_REQUEST_DECISION, updateRequestStage } from '@corner/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { formatDateTime } from '../../../ui/date-text';
import { StatusBadge } from '../../submission/components/status-badge';
import { CreatorCreationsQuery, DecideUpdateRequestMutation, SubmissionUpdateRequestsQuery } from './activity-panels.graphql';
import { useReviewActions } from '../hooks/use-review-actions';
import { reviewPath } from '../urls';
import { ReviewSection } from './review-details';

const ACTIVITY_CONTEXT = { additionalTypenames: ['SubmissionUpdateRequest', 'SubmissionReport', 'SubmissionProperties', 'Counters'] };

/** What a mutation's answer says went wrong, or null when it worked (for useActionStatus). */
function problemOf(result: { error?: CombinedError | undefined }): string | null {
  return result.error ? errorCause(result.error) : null;
}

const REQUEST_COLORS: Record<string, string> = { PENDING: 'blue', APPROVED: 'teal', REJECTED: 'red' };

/** The creator's update requests: message, the file versions each brings; while pending, test it, approve or reject it. */
export function UpdateRequestsPanel({ submissionId, canDecide, canTest }: { submissionId: number; canDecide: boolean; canTest: boolean }) {
  const { t } = useTranslation();
  const { sendToTest } = useReviewActions();
  const [{ data, error }] = useQuery({ query: SubmissionUpdateRequestsQuery, variables: { submission_id: submissionId }, context: ACTIVITY_CONTEXT });
  const [, decide] = useMutation(DecideUpdateRequestMutation);
  const [note, setNote] = useState('');
  const action = useActionStatus();
  const requests = data?.getSubmissionUpdateRequests.data ?? [];
  if (!error && requests.length === 0) return null;
  return (
    <ReviewSection id="update-requests" title={t('review.updates.title', { count: requests.length })}>
      {error && !data ? (
        <Text size="sm" c="red">
          {errorCause(error)}
        </Text>
      ) : (
        <Stack gap="sm">
          {requests.map((request) => (
            <Paper key={request.id} withBorder p="sm" radius="sm" component="article" aria-label={t('review.updates.request', { id: request.id })}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Badge color={REQUEST_COLORS[request.status] ?? 'gray'} variant="light" tt="none">
                    {t(`review.updates.status.${request.status}`, { defaultValue: request.status })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(request.created_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {request.message}
                </Text>
                {request.file_versions.map((brought) => (
                  <Text key={`${brought.file_id}-${brought.version}`} size="xs">
                    {brought.file_version ? (
                      <Anchor href={brought.file_version.url} size="xs">
                        {brought.file_version.filename}
                      </Anchor>
                    ) : (
                      t('review.updates.file', { id: brought.file_id })
                    )}{' '}
                    · v{brought.version}
                    {brought.file_version ? ` · ${formatBytes(brought.file_version.filesize)}` : ''}
                  </Text>
                ))}
                {request.decision_note ? (
                  <Text size="xs" c="dimmed">
                    {request.decision_note}
                  </Text>
                ) : null}
                {updateRequestStage(request.status) === 'pending' && canTest ? (
                  <Group justify="flex-end">
                    <Button size="xs" variant="light" color="violet" onClick={() => void sendToTest(submissionId, { updateRequestId: request.id })}>
                      {t('review.updates.test')}
                    </Button>
                  </Group>
                ) : null}
                {updateRequestStage(request.status) === 'pending' && canDecide ? (
                  <>
                    <Textarea
                      size="xs"
                      label={t('review.updates.note')}
                      autosize
                      minRows={1}
                      value={note}
                      onChange={(event) => setNote(event.currentTarget.value)}
                    />
                    <Group gap="xs" justify="flex-end">
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={action.status === 'saving'}
                        onClick={() => void action.run(async () => problemOf(await decide({ id: request.id, status: UPDATE_REQUEST_DECISION.reject, message: note || null }, ACTIVITY_CONTEXT)))}
                      >
                        {t('review.updates.reject')}
                      </Button>
                      <Button
                        size="xs"
                        color="teal"
                        loading={action.status === 'saving'}
                        onClick={() => void action.run(async () => problemOf(await decide({ id: request.id, status: UPDATE_REQUEST_DECISION.approve, message: note || null }, ACTIVITY_CONTEXT)))}
                      >
                        {t('review.updates.approve')}
                      </Button>
                    </Group>
                  </>
                ) : null}
              </Stack>
            </Paper>
          ))}
          {action.failure ? (
            <Text size="sm" c="red" role="alert">
              {action.failure}
            </Text>
          ) : null}
        </Stack>
      )}
    </ReviewSection>
  );
}

/** The creator and their other creations, newest first: how they have done before. */
export function CreatorPanel({ submissionId, creator }: { submissionId: number; creator: { MemberID: number; UserName: string } }) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({
    query: CreatorCreationsQuery,
    variables: { queryParams: { terms: [{ field: 'member_id', operator: '=', value: String(creator.MemberID) }], first: 8, page: 1 } },
  });
  const others = (data?.itemsSearch.data ?? []).filter((c) => c.id !== submissionId);
  return (
    <ReviewSection id="creator" title={t('review.creator.title', { name: creator.UserName })}>
      {error && !data ? (
        <Text size="sm" c="red">
          {errorCause(error)}
        </Text>
      ) : others.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('review.creator.firstCreation')}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('review.creator.total', { count: data?.itemsSearch.paginatorInfo.total ?? 0 })}
          </Text>
          {others.map((creation) => (
            <Group key={creation.id} justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} to={reviewPath(creation.id)} size="sm" lineClamp={1}>
                {creation.name}
              </Anchor>
              <StatusBadge facts={creation} />
            </Group>
          ))}
        </Stack>
      )}
    </ReviewSection>
  );
}
