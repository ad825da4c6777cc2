import { pagePermission } from '@corner/domain';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
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
        <Table.ScrollContainer minWidth={560}>
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
                      <Checkbox
                        aria-label={t('migrate.choose', { title: item.title })}
                        disabled={state.state === 'migrated'}
                        checked={chosen.has(item.ID)}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.currentTarget.checked) next.add(item.ID);
                          else next.delete(item.ID);
                          setChosen(next);
                        }}
                      />
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
                    {state.state === 'migrated' && state.submission_id !== null ? (
                      <Group gap="xs" wrap="nowrap">
                        <Badge color="green" variant="light">
                          {t('migrate.stateMigrated')}
                        </Badge>
                        <Anchor component={Link} to={editStepPath(1, 'item', state.submission_id)} size="sm">
                          {t('migrate.openCreation')} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
                        </Anchor>
                      </Group>
                    ) : state.state === 'failed' ? (
                      <Stack gap={2}>
                        <Badge color="red" variant="light">
                          {t('migrate.stateFailed')}
                        </Badge>
                        <Text size="xs">{state.reason}</Text>
                      </Stack>
                    ) : (
                      <Badge color="gray" variant="light">
                        {t('migrate.stateNotMigrated')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
