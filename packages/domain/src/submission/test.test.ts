import { describe, expect, it } from 'vitest';
import { matches, test as testCondition, type SubmissionFacts } from '../queue/condition';
import { isTestFailed, isTestUnfinished, TEST_MOVE, TEST_RESULT, testStage } from './test';

describe('test rules', () => {
  it('calls open and in-progress tests unfinished, and only those', () => {
    expect(isTestUnfinished({ status: 'OPEN' })).toBe(true);
    expect(isTestUnfinished({ status: TEST_MOVE.start })).toBe(true);
    expect(isTestUnfinished({ status: TEST_MOVE.finish })).toBe(false);
    expect(isTestUnfinished({ status: 'CLEARED' })).toBe(false);
  });

  it('calls a finished test failed until staff clear it', () => {
    expect(isTestFailed({ status: 'DONE', result: TEST_RESULT.failed })).toBe(true);
    expect(isTestFailed({ status: 'DONE', result: TEST_RESULT.passed })).toBe(false);
    expect(isTestFailed({ status: 'CLEARED', result: TEST_RESULT.failed })).toBe(false);
    expect(isTestFailed({ status: 'IN_PROGRESS', result: null })).toBe(false);
  });

  it('reads each test as one stage', () => {
    expect(testStage({ status: 'OPEN', result: null })).toBe('open');
    expect(testStage({ status: 'IN_PROGRESS', result: null })).toBe('inProgress');
    expect(testStage({ status: 'DONE', result: 'PASSED' })).toBe('passed');
    expect(testStage({ status: 'DONE', result: 'FAILED' })).toBe('failed');
    expect(testStage({ status: 'CLEARED', result: 'FAILED' })).toBe('cleared');
  });

  it('is the rule the queue conditions evaluate', () => {
    const facts = (status: 'OPEN' | 'DONE' | 'CLEARED', result: 'FAILED' | null): SubmissionFacts => ({
      status: 'SUBMITTED',
      deletedAt: null,
      publishAt: null,
      tests: [{ scope: 'submission', status, result }],
      reports: [],
      updateRequests: [],
    });
    const now = new Date();
    expect(matches(testCondition('submission', 'unfinished'), facts('OPEN', null), now)).toBe(true);
    expect(matches(testCondition('submission', 'failedUncleared'), facts('DONE', 'FAILED'), now)).toBe(true);
    expect(matches(testCondition('submission', 'failedUncleared'), facts('CLEARED', 'FAILED'), now)).toBe(false);
  });
});
