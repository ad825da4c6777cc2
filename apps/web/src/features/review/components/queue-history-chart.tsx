import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { LineChart, type LineSeries } from '../../../ui/line-chart';
import { QueueHistoryQuery } from './queue-history-chart.graphql';

/** The work queues the chart follows, each with its line colour. */
const CHART_QUEUES = [
  { key: 'waiting', nav: 'staffAwaitingApproval', color: 'blue' },
  { key: 'testing', nav: 'testingQueue', color: 'violet' },
  { key: 'failedTesting', nav: 'testingFailed', color: 'orange' },
  { key: 'updated', nav: 'updated', color: 'cyan' },
  { key: 'reported', nav: 'reported', color: 'red' },
  { key: 'approved', nav: 'staffApproved', color: 'green' },
] as const;

// urql refetches when a context changes identity: keep them constant.
const HISTORY_VARIABLES = { days: 28 };
const HISTORY_CONTEXT = { additionalTypenames: ['Counters'] };

/** "11-23" from "2026-11-23". */
const shortDay = (day: string) => day.slice(5);

/** Queue sizes over the last four weeks (a snapshot each night, today live). */
export function QueueHistoryChart() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: QueueHistoryQuery, variables: HISTORY_VARIABLES, context: HISTORY_CONTEXT });
  const days = data?.queueHistory ?? [];
  const series: LineSeries[] = CHART_QUEUES.map((q) => ({
    key: q.key,
    label: t(`nav.${q.nav}`),
    color: q.color,
    values: days.map((day) => day[q.key] ?? null),
  }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="queue-history-title">
      <Title order={2} fz="lg" id="queue-history-title" mb={4}>
        {t('staffOverview.chartTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('staffOverview.chartText')}
      </Text>
      {error && !data ? (
        <Text size="sm" c="red">
          {t('staffOverview.chartFailed')}
        </Text>
      ) : days.length ? (
        <LineChart title={t('staffOverview.chartTitle')} labels={days.map((d) => shortDay(d.day))} series={series} />
      ) : null}
    </Paper>
  );
}
