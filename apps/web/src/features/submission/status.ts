import { isPublished, OWNER_EDITABLE_STATUSES } from '@corner/domain';

/**
 * How a creation's stored status reads to its creator (DESIGN section 3): "published" is derived
 * (APPROVED with its publish date passed), and a deleted creation is neither.
 */
export type CreationStage = 'draft' | 'rejected' | 'submitted' | 'testing' | 'approved' | 'published' | 'deleted';

export interface StatusFacts {
  status: string;
  publish_at?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

export function creationStage(facts: StatusFacts, now: Date = new Date()): CreationStage {
  if (facts.deleted_at) return 'deleted';
  switch (facts.status) {
    case 'CREATED':
      return 'draft';
    case 'REJECTED':
      return 'rejected';
    case 'SUBMITTED':
      return 'submitted';
    case 'TESTING':
      return 'testing';
    case 'APPROVED':
      return isPublished(facts, now) ? 'published' : 'approved';
    default:
      return 'draft';
  }
}

/** Whether the creator may edit now (the domain's rule, shared with the server). */
export function isEditable(facts: StatusFacts): boolean {
  return !facts.deleted_at && (OWNER_EDITABLE_STATUSES as readonly string[]).includes(facts.status);
}

/** The date that matters in a list row, and what it means. */
export interface KeyDate {
  label: 'updated' | 'submitted' | 'publishes' | 'published' | 'deleted';
  at: string;
}

export function keyDate(facts: StatusFacts & { updated_at: string; submitted_at?: string | null }, now: Date = new Date()): KeyDate {
  const stage = creationStage(facts, now);
  if (stage === 'deleted' && facts.deleted_at) return { label: 'deleted', at: facts.deleted_at };
  if ((stage === 'approved' || stage === 'published') && facts.publish_at) {
    return { label: stage === 'approved' ? 'publishes' : 'published', at: facts.publish_at };
  }
  if (stage === 'submitted' || stage === 'testing') return { label: 'submitted', at: facts.submitted_at ?? facts.updated_at };
  return { label: 'updated', at: facts.updated_at };
}
