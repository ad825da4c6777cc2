import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DateText } from '../../../ui/date-text';
import { reportTypeName } from '../../report/report-types';
import { CreationReportsQuery } from '../graphql';

/**
 * Open reports on the creator's approved creation: what visitors point at (the kind of problem
 * and their note), never who reported it, and what the creator can do about it.
 */
export function CreationReports({ submissionId, count }: { submissionId: number; count: number }) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: CreationReportsQuery, variables: { submission_id: submissionId } });
  const reports = data?.getSubmissionReports.data ?? [];
  const total = data?.getSubmissionReports.paginatorInfo.total ?? count;
  return (
    <Alert color="orange" variant="light" icon={<IconFlag size={18} aria-hidden />} title={t('creatorReview.reports.title', { count: total })}>
      <Stack gap="xs">
        <Text size="sm">{t('creatorReview.reports.text')}</Text>
        {error && !data ? (
          <Text size="sm" c="dimmed">
            {t('creatorReview.reports.unavailable')}
          </Text>
        ) : null}
        {reports.map((report) => (
          <Paper key={report.id} withBorder p="sm" radius="sm" bg="var(--mantine-color-body)">
            <Text size="sm" fw={600}>
              {reportTypeName(data?.reportTypes, report.type)}
            </Text>
            {report.note?.trim() ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {report.note.trim()}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('creatorReview.reports.reportedOn')} <DateText value={report.created_at} />
            </Text>
          </Paper>
        ))}
        {total > reports.length && reports.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('creatorReview.reports.more', { count: total - reports.length })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
