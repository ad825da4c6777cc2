import { pagePermission } from '@corner/domain';
import { Alert, Badge, Button, Checkbox, Group, List, NumberInput, Paper, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { EmptyState } from '../../../ui/empty-state';
import { openDownload } from '../../../ui/open-download';
import { PageFrame } from '../../../ui/page-frame';
import { PageSection } from '../../../ui/page-section';
import { ProgressBar } from '../../../ui/progress-bar';
import { QueryState } from '../../../ui/query-state';
import { useHasPermission } from '../../member/hooks/use-session';
import { STAFF_MIGRATION_LINK } from '../links';
import {
  CategoryMappingsQuery,
  MigrationRunReportQuery,
  MigrationRunsQuery,
  SetCategoryMappingMutation,
  StartMigrationRunMutation,
  SyncCategoriesMutation,
  SyncStatusesMutation,
  UpdateMigrationRunMutation,
} from '../migration.graphql';

// urql runs a query again when its context changes: each context is made once.
const RUNS_CONTEXT = { additionalTypenames: ['MigrationRun'] };
const MAPPING_CONTEXT = { additionalTypenames: ['LegacyCategoryMapping'] };
/** While a run is going, its progress is read again this often. */
const POLL_MS = 2000;
const STATUS_COLORS: Record<string, string> = { RUNNING: 'blue', PAUSED: 'yellow', CANCELLED: 'gray', DONE: 'green' };

/** /staff/migrate: bulk migration runs with their progress, the category mapping, and sync back. */
export function StaffMigrationPage() {
  const { t } = useTranslation();
  const canEdit = useHasPermission(pagePermission('submission-migration', 'edit'));
  return (
    <PageFrame title={t(`nav.${STAFF_MIGRATION_LINK.label}`)} description={t('staffMigration.intro')}>
      <Runs canEdit={canEdit} />
      <Mapping canEdit={canEdit} />
      {canEdit ? <SyncBack /> : null}
    </PageFrame>
  );
}

function Runs({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useClient();
  const [{ data, error, fetching }, refetch] = useQuery({ query: MigrationRunsQuery, variables: { first: 10 }, context: RUNS_CONTEXT });
  const [scope, setScope] = useState<'all' | 'member' | 'range'>('all');
  const [memberId, setMemberId] = useState<number | string>('');
  const [fromId, setFromId] = useState<number | string>('');
  const [toId, setToId] = useState<number | string>('');
  const [dryRun, setDryRun] = useState(true);
  const [started, start] = useMutation(StartMigrationRunMutation);
  const [, update] = useMutation(UpdateMigrationRunMutation);
  const runs = data?.migrationRuns.data ?? [];
  const going = runs.some((r) => r.status === 'RUNNING');

  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [going, refetch]);

  const number = (v: number | string) => (typeof v === 'number' ? v : null);
  const onStart = async () => {
    await start({
      dryRun,
      memberId: scope === 'member' ? number(memberId) : null,
      fromId: scope === 'range' ? number(fromId) : null,
      toId: scope === 'range' ? number(toId) : null,
    });
    refetch({ requestPolicy: 'network-only' });
  };
  const download = async (id: number) => {
    const result = await client.query(MigrationRunReportQuery, { id }, { requestPolicy: 'network-only' }).toPromise();
    const csv = result.data?.migrationRun.failure_report;
    if (!csv) return;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    openDownload(url, `migration-run-${id}-failures.csv`);
    URL.revokeObjectURL(url);
  };

  return (
    <PageSection id="migration-runs" title={t('staffMigration.runsTitle')} intro={t('staffMigration.runsIntro')}>
      {canEdit ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('staffMigration.scope')}
              value={scope}
              onChange={(v) => setScope(v as typeof scope)}
              data={[
                { value: 'all', label: t('staffMigration.scopeAll') },
                { value: 'member', label: t('staffMigration.scopeMember') },
                { value: 'range', label: t('staffMigration.scopeRange') },
              ]}
            />
            {scope === 'member' ? <NumberInput label={t('staffMigration.memberId')} value={memberId} onChange={setMemberId} min={1} allowDecimal={false} maw={240} /> : null}
            {scope === 'range' ? (
              <Group>
                <NumberInput label={t('staffMigration.fromId')} value={fromId} onChange={setFromId} min={1} allowDecimal={false} maw={200} />
                <NumberInput label={t('staffMigration.toId')} value={toId} onChange={setToId} min={1} allowDecimal={false} maw={200} />
              </Group>
            ) : null}
            <Group justify="space-between">
              <Checkbox label={t('staffMigration.dryRun')} checked={dryRun} onChange={(e) => setDryRun(e.currentTarget.checked)} />
              <Button onClick={() => void onStart()} loading={started.fetching}>
                {dryRun ? t('staffMigration.startDry') : t('staffMigration.start')}
              </Button>
            </Group>
            {started.error ? (
              <Alert color="red" title={t('staffMigration.startFailed')}>
                {errorCause(started.error)}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {!data ? (
        <QueryState isLoading={fetching || !error} loadingText={t('staffMigration.loading')} failedTitle={t('staffMigration.loadFailed')} failure={error ? errorCause(error) : null} />
      ) : runs.length === 0 ? (
        <EmptyState icon={STAFF_MIGRATION_LINK.icon} title={t('staffMigration.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={t('staffMigration.runsLabel')}>
            <Table.Tbody>
              {runs.map((run) => {
                const handled = run.done + run.skipped + run.failed;
                const percent = run.total === 0 ? 100 : Math.round((handled / run.total) * 100);
                const scopeText = run.scope.memberId
                  ? t('staffMigration.scopeCreator', { id: run.scope.memberId })
                  : run.scope.fromId || run.scope.toId
                    ? t('staffMigration.scopeIds', { from: run.scope.fromId ?? '…', to: run.scope.toId ?? '…' })
                    : t('staffMigration.scopeEverything');
                return (
                  <Table.Tr key={run.id} data-testid={`migration-run-${run.id}`}>
                    <Table.Td>
                      <Text fw={500}>{run.dry_run ? t('staffMigration.runDry', { id: run.id }) : t('staffMigration.run', { id: run.id })}</Text>
                      <Text size="xs" c="dimmed">
                        {t('staffMigration.scopeText')}: {scopeText}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[run.status] ?? 'gray'} variant="light">
                        {t(`staffMigration.status.${run.status}`, { defaultValue: run.status })}
                      </Badge>
                    </Table.Td>
                    <Table.Td miw={260}>
                      <ProgressBar value={percent} label={t('staffMigration.progressLabel', { id: run.id })} isActive={run.status === 'RUNNING'} />
                      <Text size="xs" mt={4}>
                        {t(run.dry_run ? 'staffMigration.progressTextDry' : 'staffMigration.progressText', { handled, total: run.total, done: run.done, skipped: run.skipped, failed: run.failed, remaining: run.remaining })}
                      </Text>
                      {run.status === 'RUNNING' && run.per_second && run.seconds_left !== null ? (
                        <Text size="xs" c="dimmed">
                          {t('staffMigration.estimate', { perSecond: Math.round(run.per_second), minutes: Math.max(1, Math.ceil(run.seconds_left / 60)) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {canEdit && run.status === 'RUNNING' ? (
                          <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} aria-hidden />} onClick={() => void update({ id: run.id, action: 'pause' })}>
                            {t('staffMigration.pause')}
                          </Button>
                        ) : null}
                        {canEdit && run.status === 'PAUSED' ? (
                          <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => void update({ id: run.id, action: 'resume' })}>
                            {t('staffMigration.resume')}
                          </Button>
                        ) : null}
                        {canEdit && (run.status === 'RUNNING' || run.status === 'PAUSED') ? (
                          <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => void update({ id: run.id, action: 'cancel' })}>
                            {t('staffMigration.cancel')}
                          </Button>
                        ) : null}
                        {run.failed > 0 ? (
                          <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void download(run.id)}>
                            {t('staffMigration.report')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PageSection>
  );
}

function Mapping({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [{ data, error, fetching }] = useQuery({ query: CategoryMappingsQuery, context: MAPPING_CONTEXT });
  const [, setMapping] = useMutation(SetCategoryMappingMutation);
  const options = useMemo(() => {
    const out: { value: string; label: string }[] = [];
    type Node = { id: number; name: string; children?: Node[] };
    const walk = (nodes: readonly Node[], trail: string[]) => {
      for (const n of nodes) {
        out.push({ value: String(n.id), label: [...trail, n.name].join(' › ') });
        walk(n.children ?? [], [...trail, n.name]);
      }
    };
    walk(data?.categories ?? [], []);
    return out;
  }, [data]);

  return (
    <PageSection id="migration-mapping" title={t('staffMigration.mappingTitle')} intro={t('staffMigration.mappingIntro')}>
      {!data ? (
        <QueryState isLoading={fetching || !error} loadingText={t('staffMigration.loading')} failedTitle={t('staffMigration.loadFailed')} failure={error ? errorCause(error) : null} />
      ) : data.legacyCategoryMappings.length === 0 ? (
        <Text size="sm">{t('staffMigration.mappingEmpty')}</Text>
      ) : (
        // One line per category on wide screens; on a phone the choice wraps under its category, never past the edge.
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('staffMigration.mappingTitle')}>
          {data.legacyCategoryMappings.map((m) => (
            <Group
              key={m.legacy_category_id}
              component="li"
              justify="space-between"
              gap="xs"
              py={6}
              wrap="wrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" style={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
                {m.legacy_path}
              </Text>
              <Select
                aria-label={t('staffMigration.mappingLabel', { path: m.legacy_path })}
                placeholder={t('staffMigration.mappingNone')}
                data={options}
                value={m.category_id === null ? null : String(m.category_id)}
                onChange={(v) => void setMapping({ legacyCategoryId: m.legacy_category_id, categoryId: v === null ? null : Number(v) })}
                searchable
                clearable
                disabled={!canEdit}
                style={{ flex: '1 1 240px', maxWidth: 320, minWidth: 0 }}
              />
            </Group>
          ))}
        </Stack>
      )}
    </PageSection>
  );
}

function SyncBack() {
  const { t } = useTranslation();
  const [statuses, syncStatuses] = useMutation(SyncStatusesMutation);
  const [categories, syncCategories] = useMutation(SyncCategoriesMutation);
  const report = categories.data?.syncCategoriesToOldSubmissionSystem;
  const failure = statuses.error ?? categories.error;
  return (
    <PageSection id="migration-sync" title={t('staffMigration.syncTitle')} intro={t('staffMigration.syncIntro')}>
      <Group gap="xs">
        <Button variant="default" loading={statuses.fetching} onClick={() => void syncStatuses({})}>
          {t('staffMigration.syncNow')}
        </Button>
        <Button variant="default" loading={categories.fetching} onClick={() => void syncCategories({ dryRun: true })}>
          {t('staffMigration.previewCategories')}
        </Button>
        <Button variant="light" loading={categories.fetching} disabled={!report?.dry_run || report.changes.length === 0} onClick={() => void syncCategories({ dryRun: false })}>
          {t('staffMigration.applyCategories')}
        </Button>
      </Group>
      {failure ? <Alert color="red">{errorCause(failure)}</Alert> : null}
      {statuses.data ? <Text size="sm">{t('staffMigration.syncResult', statuses.data.syncToOldSubmissionSystem)}</Text> : null}
      {report ? (
        <Stack gap={4}>
          <Text size="sm">{t(report.dry_run ? 'staffMigration.categoryResult' : 'staffMigration.categoryApplied', report)}</Text>
          {report.dry_run && report.changes.length > 0 ? (
            <List size="sm" spacing={2}>
              {report.changes.slice(0, 50).map((c, n) => (
                <List.Item key={n}>
                  {t(`staffMigration.change.${c.kind}`, { defaultValue: c.kind })}: {c.path}
                  {c.from ? ` (${c.from} → ${c.name})` : ''}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      ) : null}
    </PageSection>
  );
}
