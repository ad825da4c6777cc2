import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { CopyButton } from '../../../ui/copy-button';
import { QueryState } from '../../../ui/query-state';
import { CreationThumbnail } from '../../submission/components/creation-thumbnail';
import { kindKey } from '../../submission/kinds';
import { candidateQueryParams } from '../featured-form';
import { FeaturedCandidatesQuery } from '../graphql';
import { CreationStateBadge, type FeaturedCreation } from './featured-creations';

/** How many matches are shown at a time. */
const CANDIDATES = 8;

export interface FeaturedCandidatesProps {
  /** The creations already in the list: shown as added. */
  chosen: readonly FeaturedCreation[];
  onAdd: (creation: FeaturedCreation) => void;
}

/** Finds published and scheduled creations by name, keyword or id, to add to the list. */
export function FeaturedCandidates({ chosen, onAdd }: FeaturedCandidatesProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [{ data, error, fetching }] = useQuery({
    query: FeaturedCandidatesQuery,
    variables: { queryParams: candidateQueryParams(debounced, CANDIDATES) },
  });
  const found = data?.itemsSearch;
  const chosenIds = new Set(chosen.map((c) => c.id));

  return (
    <Paper withBorder radius="md" p="md" bg="var(--corner-surface-subtle)">
      <Stack gap="sm">
        <Title order={4} fz="sm">
          {t('featured.add.title')}
        </Title>
        <TextInput
          label={t('featured.add.searchLabel')}
          placeholder={t('featured.add.placeholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        {!found ? (
          <QueryState
            isLoading={fetching || !error}
            loadingText={t('featured.add.loading')}
            failedTitle={t('featured.add.failed')}
            failure={error ? errorCause(error) : null}
          />
        ) : found.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('featured.add.nothing')}
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('featured.add.resultsLabel')}>
            {found.data.map((creation) => {
              const isChosen = chosenIds.has(creation.id);
              return (
                <Group component="li" key={creation.id} gap="sm" wrap="nowrap">
                  <CreationThumbnail kind={creation.model_type} imageUrl={creation.images[0]?.url} size={32} />
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={600} truncate>
                      {creation.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {t(`kinds.${kindKey(creation.model_type)}.name`)} · #{creation.id} <CopyButton value={creation.id} /> · {creation.creator.UserName}
                    </Text>
                  </Stack>
                  <CreationStateBadge publishAt={creation.publish_at} visibleFrom="xs" />
                  <Button
                    size="compact-sm"
                    variant={isChosen ? 'subtle' : 'light'}
                    color={isChosen ? 'gray' : undefined}
                    disabled={isChosen}
                    leftSection={isChosen ? <IconCheck size={14} aria-hidden /> : <IconPlus size={14} aria-hidden />}
                    onClick={() => onAdd(creation)}
                    aria-label={isChosen ? t('featured.add.addedOf', { name: creation.name }) : t('featured.add.addOf', { name: creation.name })}
                    w={92}
                    style={{ flex: 'none' }}
                  >
                    {isChosen ? t('featured.add.added') : t('featured.add.add')}
                  </Button>
                </Group>
              );
            })}
            {found.paginatorInfo.total > found.data.length ? (
              <Text component="li" size="xs" c="dimmed">
                {t('featured.add.more', { count: found.paginatorInfo.total - found.data.length })}
              </Text>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
