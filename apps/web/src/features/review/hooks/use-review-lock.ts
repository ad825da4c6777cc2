import { GRAPHQL_PATH } from '@corner/domain';
import { print } from '@0no-co/graphql.web';
import type { ResultOf } from 'gql.tada';
import { useCallback, useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { useToken } from '../../member/hooks/use-session';
import { LockSubmissionMutation, ReleaseLockMutation } from './use-review-lock.graphql';

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
  const token = useToken();

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
    // Closing the tab or leaving the app runs no React cleanup: a keepalive request still releases
    // the lock, so the next reviewer does not wait for it to go stale.
    const handlePageHide = () => {
      void fetch(GRAPHQL_PATH, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : '' },
        body: JSON.stringify({ operationName: 'ReleaseReviewLock', query: print(ReleaseLockMutation), variables: { id } }),
      }).catch(() => {});
    };
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', handlePageHide);
      void release({ id });
    };
  }, [enabled, id, refresh, release, token]);

  return { lock, takeOver: () => refresh(true), refresh: () => refresh(false) };
}
