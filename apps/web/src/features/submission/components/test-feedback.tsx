import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../ui/date-text';
import type { TestFacts } from '../creator-review';

export interface FeedbackTest extends TestFacts {
  id: number;
  created_at: string;
  updated_at: string;
}

/**
 * What the testers wrote for the creator on each failed test: their findings (test_notes), what
 * they were asked to test (notes) and when. Staff-only notes never reach this type.
 */
export function TestFeedback({ tests }: { tests: readonly FeedbackTest[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {tests.map((test) => {
        const findings = test.test_notes?.trim();
        const asked = test.notes?.trim();
        return (
          <Paper key={test.id} withBorder p="sm" radius="sm" bg="var(--mantine-color-body)">
            <Stack gap={6}>
              <Text size="xs" c="dimmed">
                {t('creatorReview.test.failedOn')} <DateText value={test.updated_at} />
              </Text>
              {findings ? (
                <div>
                  <Text size="sm" fw={600}>
                    {t('creatorReview.test.findings')}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {findings}
                  </Text>
                </div>
              ) : null}
              {asked ? (
                <div>
                  <Text size="sm" fw={600} c="dimmed">
                    {t('creatorReview.test.asked')}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                    {asked}
                  </Text>
                </div>
              ) : null}
              {!findings && !asked ? (
                <Text size="sm" c="dimmed">
                  {t('creatorReview.test.noNotes')}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
