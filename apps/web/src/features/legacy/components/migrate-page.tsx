import { pagePermission } from '@corner/domain';
import { Alert, Anchor, Badge, Box, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { DateText } from '../../../ui/date-text';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { PageFrame } from '../../../ui/page-frame';
import { QueryState } from '../../../ui/query-state';
import { useHasPermission } from '../../member/hooks/use-session';
import { editStepPath } from '../../submission/urls';
import { CREATOR_MIGRATE_LINK } from '../links';
import { MigrateLegacyItemsMutation, MyLegacyItemsQuery } from '../migration.graphql';

const PAGE_SIZE = 25;
const CONTEXT = { additionalTypenames: ['OwnLegacyItem', 'SubmissionProperties'] };

/**
 * /migrate: a creator brings their items over from the older submission system: each item's state
 * (not migrated, migrated with a link to its creation, failed with why), migrate the chosen ones or
 * all. Migrating needs the page's edit permission; view only lists.
 */
export function MigratePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const canMigrate = useHasPermission(pagePermission('migrate-submission', 'edit'));
  const [{ data, error, fetching }, refetch] = useQuery({ query: MyLegacyItemsQuery, variables: { first: PAGE_SIZE, page }, context: CONTEXT });
  const [migration, migrate] = useMutation(MigrateLegacyItemsMutation);
  const [summary, setSummary] = useState<{ migrated: number; skipped: number; failed: number } | null>(null);

  const run = async (variables: { ids?: number[]; all?: boolean }) => {
    const result = await migrate(variables);
    const outcomes = result.data?.migrateLegacyItems;
    if (outcomes) {
      setSummary({
        migrated: outcomes.filter((o) => o.outcome === 'migrated').length,
        skipped: outcomes.filter((o) => o.outcome === 'skipped').length,
        failed: outcomes.filter((o) => o.outcome === 'failed').length,
      });
      setChosen(new Set());
      refetch({ requestPolicy: 'network-only' });
    }
  };

  const list = data?.myLegacyItems;
  let body;
  if (!list) {
    body = <QueryState isLoading={fetching || !error} loadingText={t('migrate.loading')} failedTitle={t('migrate.loadFailed')} failure={error ? errorCause(error) : null} />;
  } else if (list.data.length === 0) {
    body = <EmptyState icon={CREATOR_MIGRATE_LINK.icon} title={t('migrate.empty')} />;
  } else {
    const open = list.data.filter((r) => r.migration.state !== 'migrated').map((r) => r.item.ID);
    body = (
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('migrate.count', { count: list.paginatorInfo.total })}
          </Text>
          {canMigrate ? (
            <Group gap="xs">
              <Button variant="default" disabled={chosen.size === 0} loading={migration.fetching} onClick={() => void run({ ids: [...chosen] })}>
                {t('migrate.migrateChosen', { count: chosen.size })}
              </Button>
              <Button loading={migration.fetching} onClick={() => void run({ all: true })}>
                {t('migrate.migrateAll')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {migration.error ? (
          <Alert color="red" title={t('migrate.failedTitle')}>
            {errorCause(migration.error)}
          </Alert>
        ) : null}
        {summary ? (
          <Alert color={summary.failed > 0 ? 'yellow' : 'green'} title={t('migrate.doneTitle')} withCloseButton onClose={() => setSummary(null)}>
            {t('migrate.doneText', summary)}
          </Alert>
        ) : null}
        <Box visibleFrom="sm">
          <Table verticalSpacing="sm" aria-label={t('migrate.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                {canMigrate ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('migrate.chooseAll')}
                      checked={open.length > 0 && open.every((id) => chosen.has(id))}
                      indeterminate={open.some((id) => chosen.has(id)) && !open.every((id) => chosen.has(id))}
                      disabled={open.length === 0}
                      onChange={(e) => setChosen(e.currentTarget.checked ? new Set(open) : new Set())}
                    />
                  </Table.Th>
                ) : null}
                <Table.Th>{t('migrate.item')}</Table.Th>
                <Table.Th>{t('migrate.game')}</Table.Th>
                <Table.Th>{t('migrate.published')}</Table.Th>
                <Table.Th>{t('migrate.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map(({ item, migration: state }) => (
                <Table.Tr key={item.ID}>
                  {canMigrate ? (
                    <Table.Td>
                      <ChooseBox title={item.title} id={item.ID} isMigrated={state.state === 'migrated'} chosen={chosen} onChange={setChosen} />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Text fw={500}>{item.title}</Text>
                    <Text size="xs" c="dimmed">
                      {t('migrate.legacyId', { id: item.ID, status: item.status })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t('migrate.gameName', { game: item.game })}</Table.Td>
                  <Table.Td>{item.publishDate ? <DateText value={item.publishDate} /> : '—'}</Table.Td>
                  <Table.Td>
                    <StateCell state={state} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        {/* On phones a list: the state would sit off screen in a table. */}
        <Stack gap={0} hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('migrate.tableLabel')}>
          {list.data.map(({ item, migration: state }, index) => (
            <Box component="li" key={item.ID} py="sm" style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
              <Group align="flex-start" wrap="nowrap" gap="sm">
                {canMigrate ? <ChooseBox title={item.title} id={item.ID} isMigrated={state.state === 'migrated'} chosen={chosen} onChange={setChosen} /> : null}
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={500}>{item.title}</Text>
                  <Text size="xs" c="dimmed">
                    {t('migrate.legacyId', { id: item.ID, status: item.status })} · {t('migrate.gameName', { game: item.game })}
                  </Text>
                  <StateCell state={state} />
                </Stack>
              </Group>
            </Box>
          ))}
        </Stack>
        <ListPager info={list.paginatorInfo} label={t('migrate.pagesLabel')} onPageChange={setPage} />
      </Stack>
    );
  }

  return (
    <PageFrame title={t('migrate.title')} description={t('migrate.intro')}>
      {body}
    </PageFrame>
  );
}

type MigrationStateView = { state: string; submission_id: number | null; reason: string | null };

/** Where an item's migration stands: a badge, with the link to its creation or why it failed. */
function StateCell({ state }: { state: MigrationStateView }) {
  const { t } = useTranslation();
  if (state.state === 'migrated' && state.submission_id !== null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge color="green" variant="light">
          {t('migrate.stateMigrated')}
        </Badge>
        <Anchor component={Link} to={editStepPath(1, 'item', state.submission_id)} size="sm">
          {t('migrate.openCreation')} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Group>
    );
  }
  if (state.state === 'failed') {
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="red" variant="light">
          {t('migrate.stateFailed')}
        </Badge>
        <Text size="xs">{state.reason}</Text>
      </Stack>
    );
  }
  return (
    <Badge color="gray" variant="light">
      {t('migrate.stateNotMigrated')}
    </Badge>
  );
}

/** The box that chooses an item to migrate; a migrated one cannot be chosen. */
function ChooseBox({ title, id, isMigrated, chosen, onChange }: { title: string; id: number; isMigrated: boolean; chosen: ReadonlySet<number>; onChange: (next: Set<number>) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('migrate.choose', { title })}
      disabled={isMigrated}
      checked={chosen.has(id)}
      onChange={(e) => {
        const next = new Set(chosen);
        if (e.currentTarget.checked) next.add(id);
        else next.delete(id);
        onChange(next);
      }}
    />
  );
}
