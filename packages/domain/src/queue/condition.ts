import type { ModelType, SubmissionStatus, TestResult, TestStatus, UpdateRequestStatus } from '../submission/submission';
import { isTestFailed, isTestUnfinished } from '../submission/test';

/**
 * A queue condition: a small, closed language over the facts of a submission. The server compiles it
 * to SQL (list, count and badge all run the same compiled condition); `matches` evaluates it in
 * memory, which the tests use to check the SQL against hand-built data.
 */
export type Condition =
  | { type: 'status'; in: readonly SubmissionStatus[] }
  | { type: 'deleted' }
  | { type: 'topLevel' }
  | { type: 'publishAt'; when: 'past' | 'future' }
  | { type: 'test'; scope: TestScope; state: TestState }
  | { type: 'openReport' }
  | { type: 'updateRequest'; status: UpdateRequestStatus }
  | { type: 'not'; cond: Condition }
  | { type: 'and'; conds: readonly Condition[] }
  | { type: 'or'; conds: readonly Condition[] };

/** Which tests a test condition looks at: those of the creation itself or of its update requests. */
export type TestScope = 'submission' | 'update';
/** unfinished: OPEN or IN_PROGRESS. failedUncleared: DONE with result FAILED, not yet cleared. */
export type TestState = 'unfinished' | 'failedUncleared';

export const status = (...values: SubmissionStatus[]): Condition => ({ type: 'status', in: values });
export const deleted: Condition = { type: 'deleted' };
/** A creation in its own right: not a child of a set (children travel with their set). */
export const topLevel: Condition = { type: 'topLevel' };
export const publishAt = (when: 'past' | 'future'): Condition => ({ type: 'publishAt', when });
export const test = (scope: TestScope, state: TestState): Condition => ({ type: 'test', scope, state });
export const openReport: Condition = { type: 'openReport' };
export const updateRequest = (s: UpdateRequestStatus): Condition => ({ type: 'updateRequest', status: s });
export const not = (cond: Condition): Condition => ({ type: 'not', cond });
export const and = (...conds: Condition[]): Condition => ({ type: 'and', conds });
export const or = (...conds: Condition[]): Condition => ({ type: 'or', conds });

/** The facts about one submission that a condition can look at. */
export interface SubmissionFacts {
  status: SubmissionStatus;
  /** Defaults to a top-level kind when absent. */
  modelType?: ModelType;
  deletedAt: Date | null;
  publishAt: Date | null;
  tests: readonly {
    scope: TestScope;
    status: TestStatus;
    result: TestResult | null;
  }[];
  reports: readonly { deletedAt: Date | null }[];
  updateRequests: readonly { status: UpdateRequestStatus }[];
}

/** Whether a test is in the given state. A CLEARED test is never failed-uncleared. */
export function testIs(t: SubmissionFacts['tests'][number], state: TestState): boolean {
  return state === 'unfinished' ? isTestUnfinished(t) : isTestFailed(t);
}

/** Evaluates a condition against one submission's facts at the moment `now`. */
export function matches(cond: Condition, facts: SubmissionFacts, now: Date): boolean {
  switch (cond.type) {
    case 'status':
      return cond.in.includes(facts.status);
    case 'deleted':
      return facts.deletedAt !== null;
    case 'topLevel':
      return facts.modelType !== 'set_item';
    case 'publishAt':
      if (facts.publishAt === null) return false;
      return cond.when === 'past' ? facts.publishAt <= now : facts.publishAt > now;
    case 'test':
      return facts.tests.some((t) => t.scope === cond.scope && testIs(t, cond.state));
    case 'openReport':
      return facts.reports.some((r) => r.deletedAt === null);
    case 'updateRequest':
      return facts.updateRequests.some((u) => u.status === cond.status);
    case 'not':
      return !matches(cond.cond, facts, now);
    case 'and':
      return cond.conds.every((c) => matches(c, facts, now));
    case 'or':
      return cond.conds.some((c) => matches(c, facts, now));
  }
}
