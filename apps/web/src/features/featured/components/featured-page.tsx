import { pagePermission } from '@corner/domain';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { PageFrame } from '../../../ui/page-frame';
import { QueryState } from '../../../ui/query-state';
import { useHasPermission } from '../../member/hooks/use-session';
import { knownTypes } from '../featured-form';
import { FeaturedListsQuery, FeaturedTypesQuery } from '../graphql';
import { FEATURED_LINK } from '../links';
import { FEATURED_PAGE_SIZE, readFeaturedParams, writeFeaturedParams, type FeaturedParams } from '../urls';
import { FEATURED_CONTEXT } from './featured-context';
import { FeaturedDrawer } from './featured-drawer';
import { FeaturedTable } from './featured-table';

/** How many of the newest lists the type suggestions are read from. */
const TYPE_SAMPLE = 100;

/**
 * /staff/featured?type=&page=&list=: the featured lists, newest publish date first, filtered by
 * type; a list opens in a drawer to be edited (or only read, with the view permission).
 */
export function FeaturedPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readFeaturedParams(searchParams);
  const update = (next: Partial<FeaturedParams>, replace = false) => setSearchParams(writeFeaturedParams({ ...params, ...next }), { replace });
  const canEdit = useHasPermission(pagePermission('featured', 'edit'));

  const [{ data, error, fetching }] = useQuery({
    query: FeaturedListsQuery,
    variables: { type: params.type, first: FEATURED_PAGE_SIZE, page: params.page },
    context: FEATURED_CONTEXT,
  });
  const [{ data: typeData }] = useQuery({ query: FeaturedTypesQuery, variables: { first: TYPE_SAMPLE }, context: FEATURED_CONTEXT });
  const types = knownTypes(typeData?.featuredSubmissionsSearch.data ?? [], params.type);
  const result = data?.featuredSubmissionsSearch;

  let results;
  if (!result) {
    results = (
      <QueryState
        isLoading={fetching || !error}
        loadingText={t('featured.loading')}
        failedTitle={t('featured.loadFailed')}
        failure={error ? errorCause(error) : null}
      />
    );
  } else if (result.data.length === 0) {
    results = (
      <EmptyState
        icon={FEATURED_LINK.icon}
        title={params.type ? t('featured.emptyType', { type: params.type }) : t('featured.empty')}
        action={
          canEdit ? (
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => update({ list: 'new' })}>
              {t('featured.newList')}
            </Button>
          ) : null
        }
      >
        {t('featured.emptyText')}
      </EmptyState>
    );
  } else {
    results = (
      <Stack gap="sm">
        <FeaturedTable lists={result.data} openId={typeof params.list === 'number' ? params.list : null} onOpen={(id) => update({ list: id })} />
        <ListPager info={result.paginatorInfo} label={t('featured.pagesLabel')} onPageChange={(page) => update({ page })} />
      </Stack>
    );
  }

  return (
    <PageFrame
      title={t(`nav.${FEATURED_LINK.label}`)}
      description={canEdit ? t('featured.intro') : t('featured.introReadOnly')}
      actions={
        canEdit ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => update({ list: 'new' })}>
            {t('featured.newList')}
          </Button>
        ) : null
      }
    >
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <Select
            label={t('featured.filterLabel')}
            placeholder={t('featured.allTypes')}
            data={types}
            value={params.type}
            onChange={(type) => update({ type, page: 1 })}
            clearable
            searchable
            leftSection={<IconFilter size={16} aria-hidden />}
            nothingFoundMessage={t('featured.noType')}
            w={{ base: '100%', xs: 280 }}
          />
        </Group>
      </Paper>
      {results}
      <FeaturedDrawer
        open={params.list}
        types={types}
        canEdit={canEdit}
        onClose={() => update({ list: null })}
        onCreated={(id) => update({ list: id }, true)}
        onDeleted={() => update({ list: null }, true)}
      />
    </PageFrame>
  );
}
