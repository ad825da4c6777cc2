import { TEST_MOVE, TEST_RESULT, testStage, type TestStage } from '@corner/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { ResultOf } from 'gql.tada';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { formatDateTime } from '../../../ui/date-text';
import { ClearSubmissionTestMutation, SubmissionTestsQuery, UpdateSubmissionTestMutation } from './tests-panel.graphql';
import { ReviewSection } from './review-details';

type Test = ResultOf<typeof SubmissionTestsQuery>['getSubmissionTests'][number];

const TEST_CONTEXT = { additionalTypenames: ['SubmissionTest', 'SubmissionProperties', 'Counters'] };

/** A test's stage in one colour a reviewer reads at a glance. */
const STAGE_COLORS: Record<TestStage, string> = { open: 'blue', inProgress: 'violet', passed: 'teal', failed: 'red', cleared: 'gray' };

function TestCard({ test, canEdit }: { test: Test; canEdit: boolean }) {
  const { t } = useTranslation();
  const [, update] = useMutation(UpdateSubmissionTestMutation);
  const [, clear] = useMutation(ClearSubmissionTestMutation);
  const [testNotes, setTestNotes] = useState(test.test_notes ?? '');
  const [testerNotes, setTesterNotes] = useState(test.tester_notes ?? '');
  const action = useActionStatus();
  const busy = action.status === 'saving';
  const state = testStage({ status: test.status, result: test.test_result });
  const isUnfinished = state === 'open' || state === 'inProgress';

  const run = (send: () => Promise<{ error?: CombinedError | undefined }>) =>
    action.run(async () => {
      const result = await send();
      return result.error ? errorCause(result.error) : null;
    });
  const finish = (result: (typeof TEST_RESULT)[keyof typeof TEST_RESULT]) =>
    run(() => update({ id: test.id, status: TEST_MOVE.finish, test_result: result, test_notes: testNotes, tester_notes: testerNotes }, TEST_CONTEXT));

  return (
    <Paper withBorder p="sm" radius="sm" aria-label={t('review.tests.test', { id: test.id })} component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <Badge color={STAGE_COLORS[state]} variant="light" tt="none">
              {t(`review.tests.state.${state}`)}
            </Badge>
            {test.update_request_id ? (
              <Badge size="xs" variant="outline" tt="none">
                {t('review.tests.ofUpdate')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(test.updated_at)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('review.tests.openedBy', { name: test.member?.UserName ?? '—' })}
          {test.tester ? ` · ${t('review.tests.tester', { name: test.tester.UserName })}` : ''}
        </Text>
        {test.notes ? <Text size="sm">{test.notes}</Text> : null}
        {isUnfinished && canEdit ? (
          <>
            <Textarea
              label={t('review.tests.testNotes')}
              description={t('review.tests.testNotesHelp')}
              autosize
              minRows={2}
              value={testNotes}
              onChange={(event) => setTestNotes(event.currentTarget.value)}
            />
            <Textarea
              label={t('review.tests.testerNotes')}
              description={t('review.tests.testerNotesHelp')}
              autosize
              minRows={1}
              value={testerNotes}
              onChange={(event) => setTesterNotes(event.currentTarget.value)}
            />
            <Group gap="xs" justify="flex-end">
              {state === 'open' ? (
                <Button size="xs" variant="default" loading={busy} onClick={() => void run(() => update({ id: test.id, status: TEST_MOVE.start }, TEST_CONTEXT))}>
                  {t('review.tests.start')}
                </Button>
              ) : null}
              <Button size="xs" color="red" variant="light" loading={busy} onClick={() => void finish(TEST_RESULT.failed)}>
                {t('review.tests.fail')}
              </Button>
              <Button size="xs" color="teal" loading={busy} onClick={() => void finish(TEST_RESULT.passed)}>
                {t('review.tests.pass')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {test.test_notes ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {test.test_notes}
              </Text>
            ) : null}
            {test.tester_notes ? (
              <Text size="sm" c="dimmed" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
                {t('review.tests.staffOnly')}: {test.tester_notes}
              </Text>
            ) : null}
            {state === 'failed' && canEdit ? (
              <Group justify="flex-end">
                <Button size="xs" variant="light" loading={busy} onClick={() => void run(() => clear({ id: test.id }, TEST_CONTEXT))}>
                  {t('review.tests.clear')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
        {action.failure ? (
          <Text size="sm" c="red" role="alert">
            {action.failure}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The creation's tests, newest first: start, pass or fail with notes for the creator, clear a failure. */
export function TestsPanel({ submissionId, canEdit }: { submissionId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: SubmissionTestsQuery, variables: { submission_id: submissionId }, context: TEST_CONTEXT });
  const tests = data?.getSubmissionTests ?? [];
  return (
    <ReviewSection id="tests" title={t('review.tests.title', { count: tests.length })}>
      {error && !data ? (
        <Text size="sm" c="red">
          {errorCause(error)}
        </Text>
      ) : tests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('review.tests.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {tests.map((test) => (
            <TestCard key={`${test.id}-${test.updated_at}`} test={test} canEdit={canEdit} />
          ))}
        </Stack>
      )}
    </ReviewSection>
  );
}
