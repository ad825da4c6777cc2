import { creationStage, type StageFacts } from '@corner/domain';

/**
 * How a creation's dates read in its list row. The stage itself (draft, submitted, published…) is
 * the domain's `creationStage`; what the caller may do comes from the server's `abilities`.
 */
export type StatusFacts = StageFacts & { publish_at?: string | null | undefined; deleted_at?: string | null | undefined };

/** The date that matters in a list row, and what it means. */
export interface KeyDate {
  label: 'updated' | 'created' | 'submitted' | 'publishes' | 'published' | 'deleted';
  at: string;
}

/** The dates a list row can show. */
export type RowDateFacts = StatusFacts & { updated_at: string; submitted_at?: string | null; created_at?: string | null };

export function keyDate(facts: RowDateFacts, now: Date = new Date()): KeyDate {
  const stage = creationStage(facts, now);
  if (stage === 'deleted' && facts.deleted_at) return { label: 'deleted', at: facts.deleted_at };
  if ((stage === 'approved' || stage === 'published') && facts.publish_at) {
    return { label: stage === 'approved' ? 'publishes' : 'published', at: facts.publish_at };
  }
  if (stage === 'submitted' || stage === 'testing') return { label: 'submitted', at: facts.submitted_at ?? facts.updated_at };
  return { label: 'updated', at: facts.updated_at };
}

/** The date a list sorted by `sortField` is ordered by; null when the row has none (or the sort is not by a date). */
function sortedDate(facts: RowDateFacts, sortField: string, now: Date): KeyDate | null {
  switch (sortField) {
    case 'updated_at':
      return { label: 'updated', at: facts.updated_at };
    case 'created_at':
      return facts.created_at ? { label: 'created', at: facts.created_at } : null;
    case 'deleted_at':
      return facts.deleted_at ? { label: 'deleted', at: facts.deleted_at } : null;
    case 'publish_at': {
      // Only an approved creation's publish date means anything to its creator.
      const stage = creationStage(facts, now);
      return (stage === 'approved' || stage === 'published') && facts.publish_at
        ? { label: stage === 'approved' ? 'publishes' : 'published', at: facts.publish_at }
        : null;
    }
    default:
      return null;
  }
}

/**
 * The dates of a list row: first the one the list is sorted by, so that the order reads right, then
 * the date that matters for its stage (keyDate) when that is another. A list sorted by name, or a
 * row without the sorted date, shows the stage's date alone.
 */
export function rowDates(facts: RowDateFacts, sortField: string, now: Date = new Date()): [KeyDate, KeyDate?] {
  const stageDate = keyDate(facts, now);
  const sorted = sortedDate(facts, sortField, now);
  if (!sorted || (sorted.label === stageDate.label && sorted.at === stageDate.at)) return [stageDate];
  return [sorted, stageDate];
}
