import { pagePermission } from '../permission/permission';
import type { SubmissionStatus } from './submission';

/**
 * A creation's lifecycle (DESIGN section 3) as one table: every change of status, who takes it and
 * from which statuses. The server's status changes are lookups in it; what the web may offer comes
 * from the server's abilities, which read it too. Publication is not a status: an APPROVED creation
 * is published once its publish date has passed (`isPublished`).
 */
export type LifecycleAction = 'submit' | 'withdraw' | 'reopen' | 'startTest' | 'endTest' | 'approve' | 'reject' | 'undoDecision';

/** Who takes a transition: the creation's owner, staff holding a page permission, or the system. */
export type LifecycleActor = { kind: 'owner' } | { kind: 'staff'; permission: string } | { kind: 'system' };

export interface LifecycleTransition {
  action: LifecycleAction;
  from: readonly SubmissionStatus[];
  /** The status it leads to; `previous` is the one before the decision being undone. */
  to: SubmissionStatus | 'previous';
  by: LifecycleActor;
  /** What it means, in the words of the product. */
  meaning: string;
}

const OWNER: LifecycleActor = { kind: 'owner' };
const REVIEWER: LifecycleActor = { kind: 'staff', permission: pagePermission('waiting', 'edit') };
const TESTER: LifecycleActor = { kind: 'staff', permission: pagePermission('testing', 'edit') };

export const LIFECYCLE: readonly LifecycleTransition[] = [
  { action: 'submit', from: ['CREATED', 'REJECTED'], to: 'SUBMITTED', by: OWNER, meaning: 'The creator sends a complete draft, or a fixed rejected creation, for review.' },
  { action: 'withdraw', from: ['SUBMITTED'], to: 'CREATED', by: OWNER, meaning: 'The creator takes a creation waiting for approval back to drafts (not while a test runs).' },
  { action: 'reopen', from: ['REJECTED'], to: 'CREATED', by: OWNER, meaning: 'The creator starts changing a rejected creation: it is a draft again.' },
  { action: 'startTest', from: ['SUBMITTED', 'TESTING'], to: 'TESTING', by: TESTER, meaning: 'Staff open a test (another one while it is in testing).' },
  { action: 'endTest', from: ['TESTING'], to: 'SUBMITTED', by: TESTER, meaning: 'The last unfinished test ends: the creation waits for a decision again.' },
  { action: 'approve', from: ['SUBMITTED', 'TESTING'], to: 'APPROVED', by: REVIEWER, meaning: 'Staff approve it with a publish date.' },
  { action: 'reject', from: ['SUBMITTED', 'TESTING'], to: 'REJECTED', by: REVIEWER, meaning: 'Staff reject it with reasons.' },
  { action: 'undoDecision', from: ['APPROVED', 'REJECTED'], to: 'previous', by: REVIEWER, meaning: 'The reviewer undoes their own decision within minutes: it waits (or is tested) again.' },
];

/** The transition an action takes from a status, or null when that action cannot start there. */
export function lifecycleTransition(action: LifecycleAction, from: SubmissionStatus): LifecycleTransition | null {
  return LIFECYCLE.find((t) => t.action === action && t.from.includes(from)) ?? null;
}

/** The owner's transition from one status to another, or null when the owner cannot make that change. */
export function ownerTransition(from: SubmissionStatus, to: SubmissionStatus): LifecycleTransition | null {
  return LIFECYCLE.find((t) => t.by.kind === 'owner' && t.to === to && t.from.includes(from) && t.action !== 'reopen') ?? null;
}

/** The owner's own status changes from a status (what an error says they can do instead). */
export function ownerActionsFrom(from: SubmissionStatus): LifecycleTransition[] {
  return LIFECYCLE.filter((t) => t.by.kind === 'owner' && t.from.includes(from) && t.action !== 'reopen');
}

/** The status an action leads to: what the web names when the owner submits or withdraws. */
export function lifecycleTarget(action: Exclude<LifecycleAction, 'undoDecision'>): SubmissionStatus {
  const to = LIFECYCLE.find((t) => t.action === action)!.to;
  if (to === 'previous') throw new Error(`${action} has no fixed target`);
  return to;
}
