import { Checkbox, Progress, Stack, Text } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { ReviewChecklistQuery } from './checklist-panel.graphql';
import { ReviewSection } from './review-details';

/**
 * What a reviewer checks for this kind of creation (a data file on the server). The ticks are the
 * reviewer's own working notes for this tab: they are kept while the page is reopened, not stored.
 */
export function ChecklistPanel({ submissionId, modelType }: { submissionId: number; modelType: string }) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: ReviewChecklistQuery, variables: { model_type: modelType } });
  const [ticked, setTicked] = useSessionStorage<string[]>({ key: `corner.review-checklist.${submissionId}`, defaultValue: [] });
  const items = data?.reviewChecklist.items ?? [];
  const done = items.filter((item) => ticked.includes(item.id)).length;
  return (
    <ReviewSection id="checklist" title={t('review.checklist.title')}>
      {error ? (
        <Text size="sm" c="red">
          {t('review.checklist.loadFailed')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Progress value={items.length ? (done / items.length) * 100 : 0} size="sm" aria-label={t('review.checklist.progress', { done, total: items.length })} />
          <Text size="xs" c="dimmed">
            {t('review.checklist.progress', { done, total: items.length })}
          </Text>
          <Checkbox.Group value={ticked} onChange={setTicked}>
            <Stack gap={8}>
              {items.map((item) => (
                <Checkbox key={item.id} value={item.id} label={item.label} description={item.hint ?? undefined} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Stack>
      )}
    </ReviewSection>
  );
}
