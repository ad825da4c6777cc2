import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { STAFF_QUEUE_LINKS } from '../links';
import { QueueWaitsQuery } from './queue-waits.graphql';
import classes from './queue-waits.module.css';

// urql refetches when a context changes identity: keep it constant.
const WAITS_CONTEXT = { additionalTypenames: ['Counters'] };

/** "10 h" under two days, "3 d" beyond. */
function useDuration() {
  const { t } = useTranslation();
  return (hours: number) => (hours < 48 ? t('staffOverview.waits.hours', { count: hours }) : t('staffOverview.waits.days', { count: Math.round(hours / 24) }));
}

/**
 * For each queue that waits on staff (issue 15): how many, the median wait since their last change,
 * the creation waiting longest (a link to its review page), and the change in size over a week.
 */
export function QueueWaits() {
  const { t } = useTranslation();
  const duration = useDuration();
  const [{ data, error }] = useQuery({ query: QueueWaitsQuery, context: WAITS_CONTEXT });
  if (error || !data) return null;
  const linkOf = (queue: string) => STAFF_QUEUE_LINKS.find((l) => (l.badge ?? l.counter) === queue);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('staffOverview.waits.title')}>
      <Title order={2} fz="md" mb="xs">
        {t('staffOverview.waits.title')}
      </Title>
      <div className={classes.frame}>
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staffOverview.waits.queue')}</Table.Th>
                <Table.Th>{t('staffOverview.waits.size')}</Table.Th>
                <Table.Th>{t('staffOverview.waits.median')}</Table.Th>
                <Table.Th className={classes.wide}>{t('staffOverview.waits.oldest')}</Table.Th>
                <Table.Th className={classes.wide}>{t('staffOverview.waits.trend')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.queueWaits.map((wait) => {
                const link = linkOf(wait.queue);
                const change = wait.size_week_ago === null ? null : wait.size - wait.size_week_ago;
                const signedChange = change === null ? null : change > 0 ? `+${change}` : String(change);
                const oldestOf = (size: 'sm' | 'xs') =>
                  wait.oldest ? (
                    <>
                      {/* Inside a line of text the link is underlined: its colour alone is too close to the text's. */}
                      <Anchor component={Link} to={`/staff/review/${wait.oldest.id}`} size={size} underline={size === 'xs' ? 'always' : 'hover'}>
                        {wait.oldest.name}
                      </Anchor>{' '}
                      <Text span size="xs" c="dimmed">
                        {duration(wait.oldest.hours)}
                      </Text>
                    </>
                  ) : (
                    '—'
                  );
                const trend =
                  signedChange === null ? (
                    <Text span size="sm" c="dimmed">
                      {t('staffOverview.waits.noTrend')}
                    </Text>
                  ) : (
                    t('staffOverview.waits.change', { change: signedChange })
                  );
                return (
                  <Table.Tr key={wait.queue}>
                    <Table.Td>
                      {link ? (
                        <Anchor component={Link} to={link.to} size="sm">
                          {t(`nav.${link.label}`)}
                        </Anchor>
                      ) : (
                        wait.queue
                      )}
                      {wait.oldest || signedChange !== null ? (
                        <Text size="xs" c="dimmed" className={classes.inline}>
                          {wait.oldest ? (
                            <>
                              {t('staffOverview.waits.oldest')}: {oldestOf('xs')}
                            </>
                          ) : null}
                          {wait.oldest && signedChange !== null ? ' · ' : null}
                          {signedChange !== null ? t('staffOverview.waits.inlineTrend', { change: signedChange }) : null}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{wait.size}</Table.Td>
                    <Table.Td>{wait.median_hours === null ? '—' : duration(wait.median_hours)}</Table.Td>
                    <Table.Td className={classes.wide}>{oldestOf('sm')}</Table.Td>
                    <Table.Td className={classes.wide}>{trend}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
    </Paper>
  );
}
