import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DROPPED_TOP_NODES } from '../../submission/category-tree';
import type { ReviewSubmissionQuery } from '../graphql';

export type ReviewSubmission = NonNullable<ResultOf<typeof ReviewSubmissionQuery>['submissionProperties']>;

/** A titled block of the review page. */
export function ReviewSection({ id, title, children, actions }: { id?: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p="md" id={id} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** A label and its value; an empty value reads "—" so that a reviewer sees it was left out. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={empty ? 'dimmed' : undefined}>
        {empty ? '—' : children}
      </Text>
    </Stack>
  );
}

function yesNo(value: boolean | null | undefined, yes: string, no: string): string | null {
  return value === null || value === undefined ? null : value ? yes : no;
}

/** The creator's words: description, keywords, credits, notes to staff, video, game version. */
export function DetailsSection({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation();
  return (
    <ReviewSection id="details" title={t('review.page.details')}>
      <Stack gap="md">
        <Fact label={t('fields.description')}>{submission.description}</Fact>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label={t('fields.keywords')}>{submission.keywords}</Fact>
          <Fact label={t('fields.credits')}>{submission.credits_to}</Fact>
          <Fact label={t('fields.gameVersion')}>{t('review.page.gameVersion', { version: submission.game_version })}</Fact>
          <Fact label={t('fields.polycount')}>{submission.polycount?.toLocaleString('en')}</Fact>
          <Fact label={t('fields.videoUrl')}>
            {submission.video_url ? (
              <Anchor href={submission.video_url} target="_blank" rel="noreferrer noopener">
                {submission.video_url}
              </Anchor>
            ) : null}
          </Fact>
        </SimpleGrid>
        <Fact label={t('fields.notes')}>{submission.notes}</Fact>
        {submission.set_items.length ? (
          <Fact label={t('review.page.setItems', { count: submission.set_items.length })}>
            {submission.set_items.map((item) => item.name).join(', ')}
          </Fact>
        ) : null}
      </Stack>
    </ReviewSection>
  );
}

/** Where visitors will find it: category path, tags, themes, collections, collaborations. */
export function CategorySection({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation();
  const path: string[] = [];
  for (let c: { name: string; parent?: unknown } | null | undefined = submission.category; c; c = c.parent as typeof c) path.unshift(c.name);
  // The SET and CONTENT top nodes only sort the tree (SPEC section 3): creators never see them.
  if (path.length > 1 && (DROPPED_TOP_NODES as readonly string[]).includes(path[0]!)) path.shift();
  const chips = (items: readonly { id: number; name: string }[], color: string) =>
    items.length ? (
      <Group gap={6}>
        {items.map((item) => (
          <Badge key={item.id} variant="light" color={color} tt="none">
            {item.name}
          </Badge>
        ))}
      </Group>
    ) : null;
  return (
    <ReviewSection id="category" title={t('review.page.category')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label={t('review.page.categoryPath')}>{path.join(' › ')}</Fact>
        <Fact label={t('review.page.tags')}>{chips(submission.attributes, 'grape')}</Fact>
        <Fact label={t('review.page.themes')}>{chips(submission.themes, 'blue')}</Fact>
        <Fact label={t('review.page.collections')}>{chips(submission.collections, 'teal')}</Fact>
        <Fact label={t('review.page.collaborations')}>{chips(submission.collaborations, 'orange')}</Fact>
      </SimpleGrid>
    </ReviewSection>
  );
}

/** What the creation needs to work: required downloads and external links. */
export function RequiredItemsSection({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation();
  const none = submission.required_items.length === 0 && submission.external_urls.length === 0;
  return (
    <ReviewSection id="required-items" title={t('review.page.requiredItems')}>
      {none ? (
        <Text size="sm" c="dimmed">
          {t('review.page.noRequiredItems')}
        </Text>
      ) : (
        <Stack gap={6}>
          {submission.required_items.map((item) => (
            <Text key={`r${item.id}`} size="sm">
              <Badge size="xs" variant="outline" mr={6} tt="none">
                {item.type}
              </Badge>
              {item.title ?? item.download}
            </Text>
          ))}
          {submission.external_urls.map((link) => (
            <Anchor key={`u${link.id}`} href={link.url} target="_blank" rel="noreferrer noopener" size="sm">
              {link.name ?? link.url}
            </Anchor>
          ))}
        </Stack>
      )}
    </ReviewSection>
  );
}

/** The creator's answers on the terms step. */
export function TermsSection({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation();
  const option = (group: 'feedback' | 'recolor', value: number | null | undefined) =>
    value === null || value === undefined ? null : t(`options.${group}.${value}` as 'options.feedback.0', { defaultValue: t('options.unknown', { value }) });
  return (
    <ReviewSection id="terms" title={t('review.page.terms')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label={t('terms.exclusiveQuestion')}>{yesNo(submission.tsr_exclusive, t('terms.exclusiveYes'), t('terms.exclusiveNo'))}</Fact>
        <Fact label={t('terms.feedback')}>{option('feedback', submission.feedback_option)}</Fact>
        <Fact label={t('terms.recolor')}>{option('recolor', submission.recolor_option)}</Fact>
        <Fact label={t('terms.canBeShared')}>{yesNo(submission.can_be_shared, t('common.yes'), t('common.no'))}</Fact>
        <Fact label={t('terms.socialLinks')}>{yesNo(submission.enable_social_media_links, t('common.yes'), t('common.no'))}</Fact>
        <Fact label={t('terms.notes')}>{submission.terms_notes}</Fact>
      </SimpleGrid>
    </ReviewSection>
  );
}
