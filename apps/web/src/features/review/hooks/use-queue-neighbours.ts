import type { QueueId } from '@corner/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { StaffQueueQuery } from '../graphql';
import { queueQueryParams, type StaffQueueParams } from '../urls';

export interface QueueNeighbours {
  previous: number | null;
  next: number | null;
  /** 1-based place of the creation in the queue's page, when it is there. */
  position: number | null;
  total: number | null;
}

/**
 * The creations before and after `id` on the queue page a review was opened from, so that the
 * reviewer can step through the queue (j/k) without going back to the list.
 */
export function useQueueNeighbours(id: number, context: { queue: QueueId; params: StaffQueueParams } | null): QueueNeighbours {
  const queryParams = useMemo(() => (context ? queueQueryParams(context.queue, context.params) : null), [context]);
  const [{ data }] = useQuery({
    query: StaffQueueQuery,
    variables: { queryParams, countParams: { queue: context?.queue ?? 'all' } },
    pause: !context,
    context: useMemo(() => ({ additionalTypenames: ['SubmissionProperties'] }), []),
  });
  const ids = data?.newItemsSearch.data.map((row) => row.id) ?? [];
  const at = ids.indexOf(id);
  const firstItem = data?.newItemsSearch.paginatorInfo.firstItem ?? 1;
  return {
    previous: at > 0 ? ids[at - 1]! : null,
    // A creation that just left the queue (approved) is no longer listed: the next one is then the first.
    next: at >= 0 ? (ids[at + 1] ?? null) : (ids[0] ?? null),
    position: at >= 0 ? firstItem + at : null,
    total: data?.newItemsCount ?? null,
  };
}
