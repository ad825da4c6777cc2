import { Anchor, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCopy, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ReviewFlagCountsQuery } from '../../check/graphql';
import { STAFF_AWAITING_APPROVAL_LINK } from '../links';
import { writeQueueParams } from '../urls';

// urql refetches when a context changes identity: keep it constant.
const FLAGS_CONTEXT = { additionalTypenames: ['Counters', 'SubmissionProperties'] };

/**
 * The overview's review flags (issue 15): creations under review flagged as possible copies (a link
 * to the awaiting-approval queue filtered to them), and trusted creators' creations on the fast track.
 */
export function ReviewFlagCounts() {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: ReviewFlagCountsQuery, context: FLAGS_CONTEXT });
  if (error || !data) return null;
  const { possibleDuplicates, fastTrack } = data.reviewFlagCounts;
  const filtered = `${STAFF_AWAITING_APPROVAL_LINK.to}?${writeQueueParams({ onlyDuplicates: true }).toString()}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('staffOverview.flags.title')}>
      <Group gap="xl" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={possibleDuplicates > 0 ? 'orange' : 'gray'} radius="xl" aria-hidden>
            <IconCopy size={16} />
          </ThemeIcon>
          <Text size="sm">
            {possibleDuplicates > 0 ? (
              <Anchor component={Link} to={filtered} size="sm" fw={600}>
                {t('staffOverview.flags.duplicates', { count: possibleDuplicates })}
              </Anchor>
            ) : (
              t('staffOverview.flags.noDuplicates')
            )}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={fastTrack > 0 ? 'teal' : 'gray'} radius="xl" aria-hidden>
            <IconRosetteDiscountCheck size={16} />
          </ThemeIcon>
          <Text size="sm">{t('staffOverview.flags.fastTrack', { count: fastTrack })}</Text>
        </Group>
      </Group>
    </Paper>
  );
}
