import { pagePermission } from '@corner/domain';
import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconDatabase, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageFrame } from '../../../ui/page-frame';
import { PageSection } from '../../../ui/page-section';
import { ProgressBar } from '../../../ui/progress-bar';
import { QueryState } from '../../../ui/query-state';
import { RelativeDateText } from '../../../ui/relative-date-text';
import { StatCard } from '../../../ui/stat-card';
import { useHasPermission } from '../../member/hooks/use-session';
import { ReindexManyMutation, ReindexOneMutation, SearchIndexStatusQuery, SearchPreviewQuery } from '../graphql';
import { ELASTIC_SEARCH_LINK } from '../links';
import { MainSiteItemLink } from '../../../ui/main-site-item-link';

/** While a run is going, the status is read again this often. */
const POLL_MS = 1500;
const PREVIEW_SIZE = 10;

/** /staff/elastic: the search index visitors search in: its engine and health, counts, reindexing with progress, failures, and a preview search. */
export function ElasticSearchPage() {
  const { t } = useTranslation();
  const canEdit = useHasPermission(pagePermission('elastic-search', 'edit'));
  const [{ data, error, fetching }, refetch] = useQuery({ query: SearchIndexStatusQuery });
  const status = data?.elasticSearchStatus;
  const running = status?.last_run != null && status.last_run.finished_at === null;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refetch]);

  return (
    <PageFrame title={t(`nav.${ELASTIC_SEARCH_LINK.label}`)} description={t('elasticSearch.intro')}>
      {!status ? (
        <QueryState isLoading={fetching || !error} loadingText={t('elasticSearch.loading')} failedTitle={t('elasticSearch.loadFailed')} failure={error ? errorCause(error) : null} />
      ) : (
        <>
          <PageSection id="search-index" title={t('elasticSearch.indexTitle')}>
            <Paper withBorder p="md" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Badge color={status.health.healthy ? 'teal' : 'red'} variant="light" style={{ flexShrink: 0 }}>
                  {status.health.healthy ? t('elasticSearch.healthy') : t('elasticSearch.unhealthy')}
                </Badge>
                <Stack gap={2}>
                  <Text fw={500}>{t(`elasticSearch.engine.${status.engine}`, { defaultValue: status.engine })}</Text>
                  <Text size="sm" c="dimmed">
                    {status.health.detail}
                  </Text>
                </Stack>
              </Group>
            </Paper>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" aria-label={t('elasticSearch.countsLabel')}>
              <StatCard label={t('elasticSearch.indexed')} value={status.indexed.toLocaleString()} icon={IconDatabase} color="teal" />
              <StatCard label={t('elasticSearch.stale')} value={status.stale.toLocaleString()} icon={IconClockHour4} color={status.stale > 0 ? 'yellow' : 'gray'} />
              <StatCard label={t('elasticSearch.failed')} value={status.failed.toLocaleString()} icon={IconAlertTriangle} color={status.failed > 0 ? 'red' : 'gray'} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {status.last_indexed_at ? (
                <>
                  {t('elasticSearch.lastIndexed')} <RelativeDateText value={status.last_indexed_at} />
                </>
              ) : (
                t('elasticSearch.neverIndexed')
              )}
            </Text>
          </PageSection>

          <PageSection id="search-reindex" title={t('elasticSearch.reindexTitle')} intro={t('elasticSearch.reindexIntro')}>
            {status.last_run ? <RunProgress run={status.last_run} /> : <Text c="dimmed">{t('elasticSearch.noRun')}</Text>}
            {canEdit ? <ReindexControls isRunning={running} onStarted={() => refetch({ requestPolicy: 'network-only' })} /> : null}
          </PageSection>

          {status.failures.length > 0 ? (
            <PageSection id="search-failures" title={t('elasticSearch.failuresTitle', { count: status.failed })}>
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" aria-label={t('elasticSearch.failuresLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('elasticSearch.creation')}</Table.Th>
                      <Table.Th>{t('elasticSearch.message')}</Table.Th>
                      <Table.Th>{t('elasticSearch.when')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {status.failures.map((f) => (
                      <Table.Tr key={f.submission_id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/staff/review/${f.submission_id}`}>
                            {f.name} (#{f.submission_id})
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{f.message}</Table.Td>
                        <Table.Td>
                          <RelativeDateText value={f.failed_at} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </PageSection>
          ) : null}

          <SearchPreview />
        </>
      )}
    </PageFrame>
  );
}

interface Run {
  all: boolean;
  total: number;
  done: number;
  remaining: number;
  failed: number;
  started_at: string;
  finished_at: string | null;
}

function RunProgress({ run }: { run: Run }) {
  const { t } = useTranslation();
  const percent = run.total === 0 ? 100 : Math.round((run.done / run.total) * 100);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={500}>{run.all ? t('elasticSearch.runAll') : t('elasticSearch.runSome', { count: run.total })}</Text>
          <Badge color={run.finished_at ? 'teal' : 'blue'} variant="light">
            {run.finished_at ? t('elasticSearch.runDone') : t('elasticSearch.runGoing')}
          </Badge>
        </Group>
        <ProgressBar value={percent} label={t('elasticSearch.progressLabel')} isActive={!run.finished_at} />
        <Text size="sm" aria-live="polite">
          {t('elasticSearch.progress', { done: run.done.toLocaleString(), total: run.total.toLocaleString() })}
          {run.failed > 0 ? ` · ${t('elasticSearch.runFailed', { count: run.failed })}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {t('elasticSearch.started')} <RelativeDateText value={run.started_at} />
        </Text>
      </Stack>
    </Paper>
  );
}

function ReindexControls({ isRunning, onStarted }: { isRunning: boolean; onStarted: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [many, reindexMany] = useMutation(ReindexManyMutation);
  const [one, reindexOne] = useMutation(ReindexOneMutation);
  const [id, setId] = useState<number | string>('');

  const onAll = async () => {
    const result = await reindexMany({ all: true });
    if (!result.error) {
      setConfirming(false);
      onStarted();
    }
  };
  const onOne = async (event: FormEvent) => {
    event.preventDefault();
    if (typeof id !== 'number') return;
    const result = await reindexOne({ id });
    if (!result.error) onStarted();
  };
  const outcome = one.data?.updateElasticSearchEntry;

  return (
    <Stack gap="sm">
      <Group>
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setConfirming(true)} disabled={isRunning}>
          {t('elasticSearch.reindexAll')}
        </Button>
      </Group>
      <form onSubmit={(e) => void onOne(e)} aria-label={t('elasticSearch.oneLabel')}>
        <Group align="flex-end" gap="sm">
          <NumberInput label={t('elasticSearch.creationId')} value={id} onChange={setId} min={1} allowDecimal={false} w={180} />
          <Button type="submit" variant="default" loading={one.fetching} disabled={typeof id !== 'number'}>
            {t('elasticSearch.reindexOne')}
          </Button>
        </Group>
      </form>
      {one.error ? (
        <Alert color="red" title={t('elasticSearch.oneFailed')}>
          {errorCause(one.error)}
        </Alert>
      ) : outcome ? (
        <Alert color={outcome.outcome === 'failed' ? 'red' : 'teal'} title={t(`elasticSearch.outcome.${outcome.outcome}`, { id: outcome.submission_id, defaultValue: outcome.outcome })}>
          {outcome.message ?? t(`elasticSearch.outcomeText.${outcome.outcome}`, { defaultValue: '' })}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('elasticSearch.confirmTitle')}
        message={t('elasticSearch.confirmText')}
        confirmLabel={t('elasticSearch.reindexAll')}
        isBusy={many.fetching}
        error={many.error ? errorCause(many.error) : null}
        onConfirm={() => void onAll()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function SearchPreview() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [{ data, error, fetching }, reexecute] = useQuery({ query: SearchPreviewQuery, variables: { query: asked, first: PREVIEW_SIZE }, pause: asked === null, requestPolicy: 'network-only' });
  const answer = data?.searchCreations;
  return (
    <PageSection id="search-preview" title={t('elasticSearch.previewTitle')} intro={t('elasticSearch.previewIntro')}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          // The same words again ask again: the index may have changed since.
          if (text.trim() === asked) reexecute({ requestPolicy: 'network-only' });
          else setAsked(text.trim());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label={t('elasticSearch.previewLabel')} value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={200} style={{ flex: 1, minWidth: 200 }} />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={fetching}>
            {t('elasticSearch.previewButton')}
          </Button>
        </Group>
      </form>
      {error ? (
        <Alert color="red" title={t('elasticSearch.previewFailed')}>
          {errorCause(error)}
        </Alert>
      ) : answer ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('elasticSearch.previewTotal', { count: answer.paginatorInfo.total })}
          </Text>
          {answer.facets.categories.length > 0 ? (
            <Group gap={6} aria-label={t('elasticSearch.facetCategories')}>
              {answer.facets.categories.slice(0, 8).map((f) => (
                <Badge key={f.id} variant="outline" color="gray" tt="none">
                  {f.name} · {f.count}
                </Badge>
              ))}
            </Group>
          ) : null}
          {answer.data.length > 0 ? (
            <Stack gap={4} component="ol" m={0} pl="md" aria-label={t('elasticSearch.previewResults')}>
              {answer.data.map((hit) => (
                <Text component="li" key={hit.id} size="sm">
                  <Anchor component={Link} to={`/staff/review/${hit.id}`}>
                    {hit.name}
                  </Anchor>{' '}
                  <Text span c="dimmed" size="sm">
                    · {t(`kinds.${hit.kind}.name`, { defaultValue: hit.kind })} · {hit.category_path || t('elasticSearch.noCategory')} · {hit.creator_name} ·{' '}
                  </Text>
                  <MainSiteItemLink id={hit.id} size="sm">
                    {t('elasticSearch.onSite')}
                  </MainSiteItemLink>
                </Text>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">{t('elasticSearch.previewNothing')}</Text>
          )}
        </Stack>
      ) : null}
    </PageSection>
  );
}
