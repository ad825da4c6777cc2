import { ownerActionsFrom, type CheckResult, type LifecycleAction, type MissingItem, type SubmissionStatus } from '@corner/domain';
import { defineErrors, type AppError, type ErrorCodeOf } from '../../errors';

/** Why a creation cannot be edited now, by status: each tells the creator what to do. */
const NOT_EDITABLE_BY_STATUS: Record<string, string> = {
  SUBMITTED: 'This creation is waiting for review. Withdraw it to edit it again.',
  TESTING: 'This creation is being tested and cannot be edited now.',
  APPROVED: 'This creation is approved. Send an update request to change it.',
  DELETED: 'This creation was deleted.',
};

/** Why the owner cannot change a creation's status: who asks, what the creation is, or the statuses. */
type RefusedTransition = { reason: 'not-creator' | 'deleted' | 'set-item' } | { reason: 'status'; from: SubmissionStatus; to: string };

const TRANSITION_REFUSALS = {
  'not-creator': 'Only the creator can submit or withdraw a creation.',
  deleted: 'This creation was deleted.',
  'set-item': 'A set item is submitted with its set.',
} as const;

/** How an error names the owner's actions. */
const OWNER_ACTION_WORDS: Partial<Record<LifecycleAction, string>> = { submit: 'submit', withdraw: 'withdraw' };

/** What the owner can do from a status instead: "withdraw it (CREATED)". */
function ownerActions(from: SubmissionStatus): string {
  return ownerActionsFrom(from).map((t) => `${OWNER_ACTION_WORDS[t.action] ?? t.action} it (${String(t.to)})`).join(' or ') || 'nothing';
}

/** A reference in the input that cannot be used, by the argument (`input.<field>`) that names it. */
type BadReference =
  | { field: 'category_id'; problem: 'unknown'; id: number }
  | { field: 'category_id'; problem: 'has-subcategories' }
  | { field: 'attributes'; problem: 'no-category' }
  | { field: 'attributes'; problem: 'outside-category'; ids: number[] }
  | { field: 'themes' | 'collaborations' | 'collections'; problem: 'unknown'; ids: number[] };

function badReference(p: BadReference): string {
  if (p.field === 'category_id') return p.problem === 'unknown' ? `Category ${p.id} does not exist.` : 'Choose a category without subcategories.';
  if (p.field === 'attributes') {
    return p.problem === 'no-category' ? 'Choose a category before choosing tags.' : `These tags do not belong to the chosen category: ${p.ids.join(', ')}.`;
  }
  return `Unknown ${p.field}: ${p.ids.join(', ')}.`;
}

/** A kind as a message names it: `set_item` is "set item". */
const kindWords = (kind: string) => kind.replace('_', ' ');

export const submissionError = defineErrors({
  SUBMISSION_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Creation ${p.id} was not found.` },
  SUBMISSION_NOT_EDITABLE: {
    category: 'conflict',
    message: (p: { status: string }) => NOT_EDITABLE_BY_STATUS[p.status] ?? 'This creation cannot be edited now.',
    extensions: (p) => ({ status: p.status }),
  },
  SUBMISSION_EARLY_ACCESS_NOT_ALLOWED: {
    category: 'authorization',
    field: 'early_access_days',
    message: () => 'Early access is for creators in the Select artist and Featured artist programs, and for staff.',
  },
  SUBMISSION_INCOMPLETE: {
    category: 'validation',
    message: (p: { missing: MissingItem[] }) => `This creation cannot be submitted yet: ${[...new Set(p.missing.map((m) => m.message))].join('; ')}.`,
    extensions: (p) => ({ missing: p.missing }),
  },
  /** The automatic checks (issue 15) that fail: each says what to do. */
  SUBMISSION_CHECKS_FAILED: {
    category: 'validation',
    message: (p: { failing: CheckResult[] }) => `This creation cannot be submitted yet: ${p.failing.map((c) => `${c.title}: ${c.message}`).join(' ')}`,
    extensions: (p) => ({ failing: p.failing.map((c) => ({ id: c.id, title: c.title, message: c.message })) }),
  },
  SUBMISSION_TRANSITION_NOT_ALLOWED: {
    category: 'conflict',
    message: (p: RefusedTransition) =>
      p.reason === 'status' ? `A creation in ${p.from} cannot go to ${p.to}; its creator can ${ownerActions(p.from)}.` : TRANSITION_REFUSALS[p.reason],
  },
  SUBMISSION_TEST_RUNNING: {
    category: 'conflict',
    message: () => 'A tester is working on this creation; it can be withdrawn once the test is finished.',
  },
  /** `kind`, when given, is what the creation is instead. */
  SUBMISSION_WRONG_KIND: {
    category: 'validation',
    message: (p: { id: number; expected: string; kind?: string }) =>
      p.kind ? `Creation ${p.id} is a ${kindWords(p.kind)}, not a ${kindWords(p.expected)}.` : `Creation ${p.id} is not a ${kindWords(p.expected)}.`,
  },
  SUBMISSION_UNKNOWN_REFERENCE: { category: 'validation', field: (p) => `input.${p.field}`, message: badReference },
});
export type SubmissionErrorCode = ErrorCodeOf<typeof submissionError>;

export function notEditable(status: string): AppError {
  return submissionError('SUBMISSION_NOT_EDITABLE', { status });
}

export function submissionNotFound(id: number): AppError {
  return submissionError('SUBMISSION_NOT_FOUND', { id });
}
