import { UNFINISHED_TEST_STATUSES, type TestResult, type TestStatus } from './submission';

/**
 * A test's rules (DESIGN section 3) in one place: the queues compile them to SQL, the server counts
 * with them and the web shows them, so "unfinished" and "failed" mean the same everywhere.
 */

/** The facts of a test these rules read; `result` is the stored `test_result`. */
export interface TestFacts {
  status: string;
  result: string | null | undefined;
}

/** A finished test whose result is a failure (until staff clear it: status CLEARED). */
export const FAILED_TEST = { status: 'DONE', result: 'FAILED' } as const satisfies { status: TestStatus; result: TestResult };

/** A test not finished yet: open or in progress. */
export function isTestUnfinished(test: Pick<TestFacts, 'status'>): boolean {
  return (UNFINISHED_TEST_STATUSES as readonly string[]).includes(test.status);
}

/** A finished, failed test not yet cleared: its creator has something to fix. */
export function isTestFailed(test: TestFacts): boolean {
  return test.status === FAILED_TEST.status && test.result === FAILED_TEST.result;
}

/** Where a test stands, as staff and creators read it. */
export type TestStage = 'open' | 'inProgress' | 'passed' | 'failed' | 'cleared';

export function testStage(test: TestFacts): TestStage {
  switch (test.status) {
    case 'CLEARED':
      return 'cleared';
    case 'DONE':
      return test.result === FAILED_TEST.result ? 'failed' : 'passed';
    case 'IN_PROGRESS':
      return 'inProgress';
    default:
      return 'open';
  }
}

/** The status a tester moves a test to: starting it, and finishing it with a result. */
export const TEST_MOVE = { start: 'IN_PROGRESS', finish: 'DONE' } as const satisfies Record<string, TestStatus>;

/** A finished test's result, by what it says. */
export const TEST_RESULT = { passed: 'PASSED', failed: 'FAILED' } as const satisfies Record<string, TestResult>;
