import { API_ERROR, pagePermission } from '@corner/domain';
import { Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { NotFoundPage } from '../../../app/shell/not-found-page';
import { errorCause, hasErrorCode } from '../../../app/graphql/errors';
import { CopyButton } from '../../../ui/copy-button';
import { DateText } from '../../../ui/date-text';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { QueryState } from '../../../ui/query-state';
import { useHasPermission } from '../../member/hooks/use-session';
import { reviewPath } from '../../review/urls';
import { ArchivedItemQuery, type ArchivedItemFragment } from '../graphql';
import { ARCHIVE_LINK } from '../links';
import { ArchivedItemForm } from './archived-item-form';
import { LegacyStatusBadges } from './legacy-badges';
import { LegacyFiles, LegacyPictures } from './legacy-media';

export type ArchivedItem = ResultOf<typeof ArchivedItemFragment>;
export type LegacyCategoryOption = NonNullable<ResultOf<typeof ArchivedItemQuery>['legacyCategories']>[number];

/** /staff/archived/:itemId: one legacy item, its pictures, files and categories, and (with edit rights) its form. */
export function ArchivedItemPage() {
  const { itemId } = useParams();
  if (!itemId || !/^[1-9]\d{0,9}$/.test(itemId) || Number(itemId) > 2 ** 31 - 1) return <NotFoundPage />;
  return <ArchivedItem key={itemId} id={Number(itemId)} />;
}

function BackButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={ARCHIVE_LINK.to} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {t('archive.backToArchive')}
    </Button>
  );
}

function ArchivedItem({ id }: { id: number }) {
  const { t } = useTranslation();
  const canEdit = useHasPermission(pagePermission('file-management', 'edit'));
  const [{ data, error, fetching }] = useQuery({ query: ArchivedItemQuery, variables: { id } });
  const item = data?.legacyItem;

  if (!item) {
    const isMissing = hasErrorCode(error, API_ERROR.legacyItemNotFound);
    return (
      <PageFrame title={t('archive.itemTitle', { id })} description={t('archive.itemIntro')} actions={<BackButton />}>
        {isMissing ? (
          <EmptyState icon={IconArchive} title={t('archive.item.missingTitle', { id })}>
            {t('archive.item.missingText')}
          </EmptyState>
        ) : (
          <QueryState isLoading={fetching || !error} loadingText={t('archive.item.loading')} failedTitle={t('archive.item.loadFailed')} failure={error ? errorCause(error) : null} />
        )}
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={item.title}
      description={
        <Group gap="xs" wrap="wrap">
          <Text c="dimmed">{t('archive.itemTitle', { id: item.ID })}</Text>
          <CopyButton value={String(item.ID)} />
          <Badge variant="outline" color="gray" size="sm">
            {t(`archive.games.${item.game}`, { defaultValue: String(item.game) })}
          </Badge>
          <LegacyStatusBadges item={item} />
        </Group>
      }
      actions={<BackButton />}
    >
      <Section title={t('archive.item.pictures', { count: item.images.length })}>
        <LegacyPictures item={item} />
      </Section>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section title={canEdit ? t('archive.item.edit') : t('archive.item.content')}>
            {canEdit ? (
              <ArchivedItemForm item={item} categories={data.legacyCategories} />
            ) : (
              <Stack gap="sm">
                <Text style={{ whiteSpace: 'pre-wrap' }}>{item.description || t('archive.item.noDescription')}</Text>
                <Fact label={t('archive.item.categories')}>{item.categories.map((c) => c.name).join(', ') || t('archive.item.noCategories')}</Fact>
              </Stack>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title={t('archive.item.details')}>
              <Stack gap="xs">
                <Fact label={t('archive.item.creator')}>
                  {item.creator ?? t('archive.unknownCreator', { id: item.creatorId })}{' '}
                  <Text span c="dimmed" size="sm">
                    {t('archive.item.memberId', { id: item.creatorId })}
                  </Text>
                </Fact>
                <Fact label={t('archive.item.publishDate')}>{item.publishDate ? <DateText value={item.publishDate} /> : t('archive.noDate')}</Fact>
                <Fact label={t('archive.item.downloads')}>{item.uploads.toLocaleString('en')}</Fact>
                <Fact label={t('archive.item.reports')}>{item.reports}</Fact>
                <Fact label={t('archive.item.keywords')}>{item.keywords || '—'}</Fact>
              </Stack>
            </Section>
            <Section title={t('archive.item.migration')}>
              {item.migratedTo ? (
                <Stack gap={4}>
                  <Text size="sm">{t('archive.item.migratedTo')}</Text>
                  <Anchor component={Link} to={reviewPath(item.migratedTo.id)} fw={500}>
                    <Group gap={4} component="span" wrap="nowrap">
                      {t('archive.item.migratedLink', { name: item.migratedTo.name ?? t('archive.item.untitled'), id: item.migratedTo.id })}
                      <IconArrowRight size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('archive.item.notMigrated')}
                </Text>
              )}
            </Section>
            <Section title={t('archive.item.files', { count: item.files.length })}>
              <LegacyFiles item={item} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
