import { Button, Code, Group, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { formatDateTime } from '../../../ui/date-text';
import { SubmissionLogsQuery } from './history-panel.graphql';
import { changedFields } from '../history';
import { ReviewSection } from './review-details';

const HISTORY_PAGE = 15;
/** Constant, since urql refetches when a context changes identity. */
const HISTORY_CONTEXT = { additionalTypenames: ['SubmissionProperties', 'SubmissionTest'] };

/** Every change to the creation, newest first: what changed from what to what, who, and when. */
export function HistoryPanel({ submissionId }: { submissionId: number }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const [{ data, error, fetching }] = useQuery({
    query: SubmissionLogsQuery,
    variables: { submission_id: submissionId, first: HISTORY_PAGE * pages, page: 1 },
    context: HISTORY_CONTEXT,
  });
  const entries = data?.submissionLogs.data ?? [];
  return (
    <ReviewSection id="history" title={t('review.history.title', { count: data?.submissionLogs.paginatorInfo.total ?? 0 })}>
      {error && !data ? (
        <Text size="sm" c="red">
          {errorCause(error)}
        </Text>
      ) : data && entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('review.history.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Timeline bulletSize={12} lineWidth={2}>
            {entries.map((entry) => (
              <Timeline.Item
                key={entry.id}
                title={
                  <Text size="sm" fw={600}>
                    {t('review.history.entry', { entity: entry.entity, action: entry.action })}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {entry.member?.UserName ?? t('review.history.system')} · {formatDateTime(entry.created_at)}
                </Text>
                {changedFields(entry.previous_values, entry.new_values).map((change) => (
                  <Group key={change.field} gap={4} wrap="wrap" mt={2}>
                    <Code>{change.field}</Code>
                    <Text size="xs" c="dimmed" td={change.from ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
                      {change.from ?? '—'}
                    </Text>
                    <Text size="xs">→</Text>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {change.to ?? '—'}
                    </Text>
                  </Group>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
          {data?.submissionLogs.paginatorInfo.hasMorePages ? (
            <Button variant="subtle" size="xs" loading={fetching} onClick={() => setPages((n) => n + 1)}>
              {t('review.history.more')}
            </Button>
          ) : null}
        </Stack>
      )}
    </ReviewSection>
  );
}
