import { reportStage } from '@corner/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { formatDateTime } from '../../../ui/date-text';
import { ReviewSection } from '../../review/components/review-details';
import { ReportTypesQuery } from '../graphql';
import { reportTypeName } from '../report-types';
import { ReportDialog, REPORTS_CONTEXT, type ReportDialogTarget } from './report-dialog';
import { DismissReportMutation, RestoreReportMutation, SubmissionReportsQuery } from './reports-panel.graphql';

/** What a mutation's answer says went wrong, or null when it worked (for useActionStatus). */
function problemOf(result: { error?: CombinedError | undefined }): string | null {
  return result.error ? errorCause(result.error) : null;
}

export interface ReportsPanelProps {
  submissionId: number;
  /** Staff of the reported page read the creation's reports. */
  canSeeReports: boolean;
  /** Staff who edit the reported page change, dismiss and restore them. */
  canEditReports: boolean;
  /** The caller may file a report now (the creation is approved and live: the server's `canReport`). */
  canReport: boolean;
}

/**
 * Reports on the creation, on the review page: the kind of problem, the note, who and when, open
 * or dismissed. Staff who edit the reported page correct, dismiss and restore them; staff may
 * report an approved creation themselves. Hidden when there is nothing to show or do.
 */
export function ReportsPanel({ submissionId, canSeeReports, canEditReports, canReport }: ReportsPanelProps) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({
    query: SubmissionReportsQuery,
    variables: { submission_id: submissionId },
    context: REPORTS_CONTEXT,
    pause: !canSeeReports,
  });
  const [{ data: types }] = useQuery({ query: ReportTypesQuery, pause: !canSeeReports });
  const [, dismiss] = useMutation(DismissReportMutation);
  const [, restore] = useMutation(RestoreReportMutation);
  const [dialog, setDialog] = useState<ReportDialogTarget | null>(null);
  const action = useActionStatus();
  const reports = data?.getSubmissionReports.data ?? [];
  const open = reports.filter((report) => reportStage(report) === 'open').length;
  if (!canReport && (!canSeeReports || (!error && reports.length === 0))) return null;

  return (
    <ReviewSection
      id="reports"
      title={t('review.reports.title', { count: open })}
      actions={
        canReport ? (
          <Button size="compact-sm" variant="light" color="red" leftSection={<IconFlag size={14} aria-hidden />} onClick={() => setDialog({ kind: 'create', submissionId })}>
            {t('review.reports.report')}
          </Button>
        ) : null
      }
    >
      {!canSeeReports ? (
        <Text size="sm" c="dimmed">
          {t('review.reports.staffOnly')}
        </Text>
      ) : error && !data ? (
        <Text size="sm" c="red">
          {errorCause(error)}
        </Text>
      ) : reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('review.reports.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          {reports.map((report) => {
            const isDismissed = reportStage(report) === 'dismissed';
            return (
              <Paper key={report.id} withBorder p="xs" radius="sm" component="article" aria-label={t('review.reports.item', { id: report.id })}>
                <Stack gap={4} opacity={isDismissed ? 0.7 : 1}>
                  <Group gap={6} wrap="wrap">
                    <Badge size="sm" color={isDismissed ? 'gray' : 'red'} variant="light" tt="none" maw="100%">
                      {reportTypeName(types?.reportTypes, report.type)}
                    </Badge>
                    {isDismissed ? (
                      <Text size="xs" c="dimmed">
                        {t('review.reports.dismissed')}
                      </Text>
                    ) : null}
                  </Group>
                  {report.note ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {report.note}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {report.member?.UserName ?? t('review.reports.visitor')} · {formatDateTime(report.created_at)}
                  </Text>
                </Stack>
                {canEditReports ? (
                  <Group gap="xs" justify="flex-end" mt={6}>
                    <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'edit', report })}>
                      {t('review.reports.edit')}
                    </Button>
                    {isDismissed ? (
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={action.status === 'saving'}
                        onClick={() => void action.run(async () => problemOf(await restore({ id: report.id }, REPORTS_CONTEXT)))}
                      >
                        {t('review.reports.restore')}
                      </Button>
                    ) : (
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={action.status === 'saving'}
                        onClick={() => void action.run(async () => problemOf(await dismiss({ id: report.id }, REPORTS_CONTEXT)))}
                      >
                        {t('review.reports.dismiss')}
                      </Button>
                    )}
                  </Group>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      )}
      {action.failure ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {action.failure}
        </Text>
      ) : null}
      <ReportDialog target={dialog} onClose={() => setDialog(null)} />
    </ReviewSection>
  );
}
