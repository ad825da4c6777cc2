import { REPORT_STATES, reportStage } from '@corner/domain';
import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFlag, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { formatDateTime } from '../../../ui/date-text';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { reviewPath } from '../../review/urls';
import { reportTypeName, reportTypeOptions } from '../report-types';
import { allReportsVariables, DEFAULT_REPORTS_PARAMS, type AllReportsParams } from '../urls';
import { AllReportsQuery } from './all-reports.graphql';
import { REPORTS_CONTEXT } from './report-dialog';

export interface AllReportsProps {
  params: AllReportsParams;
  onChange: (next: Partial<AllReportsParams>) => void;
}

/**
 * Every report, newest first, filtered by kind and state (held in the URL by the page): the kind's
 * name, the note, who reported it and when, open or dismissed, and a link to the creation.
 */
export function AllReports({ params, onChange }: AllReportsProps) {
  const { t } = useTranslation();
  const [{ data, fetching, error }] = useQuery({ query: AllReportsQuery, variables: allReportsVariables(params), context: REPORTS_CONTEXT });
  const page = data?.getAllSubmissionReports;
  const types = data?.reportTypes;
  const isFiltered = params.type !== null || params.state !== DEFAULT_REPORTS_PARAMS.state;

  return (
    <>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('reports.all.type')}
            placeholder={t('reports.all.anyType')}
            data={reportTypeOptions(types)}
            value={params.type}
            onChange={(type) => onChange({ type, page: 1 })}
            clearable
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 320 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-state-label">
              {t('reports.all.state')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-state-label"
              value={params.state}
              onChange={(state) => onChange({ state: state as AllReportsParams['state'], page: 1 })}
              data={REPORT_STATES.map((state) => ({ value: state, label: t(`reports.state.${state}`) }))}
            />
          </Stack>
          {page ? (
            <Text size="sm" c="dimmed" ml="auto" pb={8} aria-live="polite">
              {t('reports.all.count', { count: page.paginatorInfo.total })}
            </Text>
          ) : null}
        </Group>
      </Paper>

      {error && !page ? (
        <EmptyState
          icon={IconFlag}
          color="red"
          title={t('reports.all.loadFailed')}
          action={
            isFiltered ? (
              <Button variant="light" onClick={() => onChange(DEFAULT_REPORTS_PARAMS)}>
                {t('reports.all.clearFilters')}
              </Button>
            ) : undefined
          }
        >
          {errorCause(error)}
        </EmptyState>
      ) : page && page.data.length === 0 && !fetching ? (
        isFiltered ? (
          <EmptyState
            icon={IconSearch}
            title={t('reports.all.noMatch')}
            action={
              <Button variant="light" onClick={() => onChange(DEFAULT_REPORTS_PARAMS)}>
                {t('reports.all.clearFilters')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={IconFlag} title={t('reports.all.empty')} />
        )
      ) : (
        <Paper withBorder pos="relative" mih={page ? undefined : 160}>
          <LoadingOverlay visible={fetching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {(page?.data ?? []).map((report, index) => {
              const stage = reportStage(report);
              return (
                <Stack
                  key={report.id}
                  component="li"
                  gap={4}
                  p="sm"
                  aria-label={t('reports.all.row', { id: report.id })}
                  style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                >
                  <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                    <Anchor component={Link} to={reviewPath(report.submission.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {report.submission.name}
                    </Anchor>
                    <Group gap={6} wrap="wrap">
                      <Badge size="sm" color={stage === 'open' ? 'red' : 'gray'} variant="light" tt="none" maw="100%">
                        {reportTypeName(types, report.type)}
                      </Badge>
                      <Badge size="sm" color={stage === 'open' ? 'orange' : 'gray'} variant="outline" tt="none">
                        {t(`reports.state.${stage}`)}
                      </Badge>
                    </Group>
                  </Group>
                  {report.note ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
                      {report.note}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {t('reports.all.by', { name: report.member?.UserName ?? t('review.reports.visitor') })} · {formatDateTime(report.created_at)}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        </Paper>
      )}
      {page && page.data.length > 0 ? <ListPager info={page.paginatorInfo} label={t('reports.all.pages')} onPageChange={(next) => onChange({ page: next })} /> : null}
    </>
  );
}
