import type { ResultOf } from 'gql.tada';
import { useCallback, useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { LockSubmissionMutation, ReleaseLockMutation } from '../graphql';

/** How often the open review page renews its lock; the server frees a lock after 2 minutes without one. */
export const LOCK_HEARTBEAT_MS = 30_000;

export type ReviewLock = NonNullable<ResultOf<typeof LockSubmissionMutation>['lockSubmissionForReview']>;

/**
 * Holds the reviewer's lock on a creation while its review page is open, so that two staff never
 * review it at once: taken on open, renewed every 30 s, released on leaving. When someone else
 * holds it, `lock.is_mine` is false and `takeOver` overrides it.
 */
export function useReviewLock(id: number, enabled: boolean) {
  const [, lockMutation] = useMutation(LockSubmissionMutation);
  const [, release] = useMutation(ReleaseLockMutation);
  const [lock, setLock] = useState<ReviewLock | null>(null);

  const refresh = useCallback(
    async (force = false) => {
      const result = await lockMutation({ id, force });
      if (result.data?.lockSubmissionForReview) setLock(result.data.lockSubmissionForReview);
    },
    [id, lockMutation],
  );

  useEffect(() => {
    if (!enabled) return;
    setLock(null);
    void refresh();
    const timer = window.setInterval(() => void refresh(), LOCK_HEARTBEAT_MS);
    return () => {
      window.clearInterval(timer);
      void release({ id });
    };
  }, [enabled, id, refresh, release]);

  return { lock, takeOver: () => refresh(true) };
}
