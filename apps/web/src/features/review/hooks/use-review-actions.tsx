import { API_ERROR } from '@corner/domain';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import type { CombinedError } from '@urql/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { errorCause, hasErrorCode } from '../../../app/graphql/errors';
import { ApproveSubmissionMutation, ApproveSubmissionsMutation, CreateSubmissionTestMutation, RejectSubmissionMutation, UndoReviewDecisionMutation } from './use-review-actions.graphql';

/** How long the undo toast stays; the server accepts an undo for 10 minutes. */
export const UNDO_TOAST_MS = 10_000;

/** Refetch every list and count that shows creations once a decision changed one. */
const DECISION_CONTEXT = { additionalTypenames: ['SubmissionProperties', 'SubmissionTest', 'SubmissionUpdateRequest', 'Counters'] };

/** How a decision went; `isLocked` when another reviewer holds the creation's review lock. */
export type ActionOutcome = { ok: true } | { ok: false; error: string; fields?: Record<string, string>; isLocked?: boolean };

function failure(error: CombinedError): ActionOutcome {
  const validation = error.graphQLErrors[0]?.extensions?.validation as Record<string, string[]> | undefined;
  const fields = validation ? Object.fromEntries(Object.entries(validation).map(([key, messages]) => [key, messages[0] ?? ''])) : undefined;
  const isLocked = hasErrorCode(error, API_ERROR.reviewLocked);
  return { ok: false, error: errorCause(error), ...(fields ? { fields } : {}), ...(isLocked ? { isLocked } : {}) };
}

/**
 * The reviewer's decisions (approve one or many, reject, send to test), each followed by a toast;
 * approve and reject offer Undo there (STYLE rule 7), which asks the server to restore what was.
 */
export function useReviewActions() {
  const { t } = useTranslation();
  const [, approveOne] = useMutation(ApproveSubmissionMutation);
  const [, approveMany] = useMutation(ApproveSubmissionsMutation);
  const [, reject] = useMutation(RejectSubmissionMutation);
  const [, undo] = useMutation(UndoReviewDecisionMutation);
  const [, createTest] = useMutation(CreateSubmissionTestMutation);

  const offerUndo = useCallback(
    (ids: number[], message: string) => {
      const id = `review-undo-${ids.join('-')}-${Date.now()}`;
      const handleUndo = async () => {
        notifications.hide(id);
        const failures: string[] = [];
        for (const submissionId of ids) {
          const result = await undo({ id: submissionId }, DECISION_CONTEXT);
          if (result.error) failures.push(errorCause(result.error));
        }
        notifications.show(
          failures.length
            ? { color: 'red', title: t('review.undo.failed'), message: failures.join(' ') }
            : { color: 'gray', message: t('review.undo.done', { count: ids.length }) },
        );
      };
      notifications.show({
        id,
        color: 'teal',
        autoClose: UNDO_TOAST_MS,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{message}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void handleUndo()}>
              {t('review.undo.action')}
            </Button>
          </Group>
        ),
      });
    },
    [t, undo],
  );

  const approve = useCallback(
    async (ids: number[], publishAt: string | null): Promise<ActionOutcome> => {
      if (ids.length === 1) {
        const result = await approveOne({ id: ids[0]!, publish_at: publishAt }, DECISION_CONTEXT);
        if (result.error) return failure(result.error);
        offerUndo(ids, t('review.approve.done', { count: 1 }));
        return { ok: true };
      }
      const result = await approveMany({ ids, publish_at: publishAt }, DECISION_CONTEXT);
      if (result.error) return failure(result.error);
      const outcomes = result.data?.approveSubmissions ?? [];
      const approved = outcomes.filter((o) => o.approved).map((o) => o.id);
      const refused = outcomes.filter((o) => !o.approved);
      if (approved.length) offerUndo(approved, t('review.approve.done', { count: approved.length }));
      if (refused.length) {
        notifications.show({
          color: 'orange',
          title: t('review.approve.someRefused', { count: refused.length }),
          message: refused.map((o) => `#${o.id}: ${o.message ?? ''}`).join('\n'),
          autoClose: false,
        });
      }
      return { ok: true };
    },
    [approveOne, approveMany, offerUndo, t],
  );

  const rejectOne = useCallback(
    async (id: number, reasonIds: number[], message: string): Promise<ActionOutcome> => {
      const result = await reject({ id, reason_ids: reasonIds, message: message.trim() || null }, DECISION_CONTEXT);
      if (result.error) return failure(result.error);
      offerUndo([id], t('review.reject.done'));
      return { ok: true };
    },
    [reject, offerUndo, t],
  );

  const sendToTest = useCallback(
    async (id: number, options: { notes?: string; updateRequestId?: number } = {}): Promise<ActionOutcome> => {
      const result = await createTest(
        { submission_id: id, update_request_id: options.updateRequestId ?? null, notes: options.notes?.trim() || null },
        DECISION_CONTEXT,
      );
      if (result.error) {
        notifications.show({ color: 'red', title: t('review.test.failed'), message: errorCause(result.error) });
        return failure(result.error);
      }
      notifications.show({ color: 'violet', message: t(options.updateRequestId ? 'review.test.updateDone' : 'review.test.done') });
      return { ok: true };
    },
    [createTest, t],
  );

  return { approve, reject: rejectOne, sendToTest };
}
