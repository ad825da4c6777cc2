import { describe, expect, it } from 'vitest';
import { LIFECYCLE, lifecycleTarget, lifecycleTransition, ownerActionsFrom, ownerTransition } from './lifecycle';
import { SUBMISSION_STATUSES } from './submission';

describe('the lifecycle table', () => {
  it('reaches every status from a draft, and every status has a way on', () => {
    const reached = new Set<string>(['CREATED']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const t of LIFECYCLE) {
        if (t.to !== 'previous' && t.from.some((f) => reached.has(f)) && !reached.has(t.to)) {
          reached.add(t.to);
          changed = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...SUBMISSION_STATUSES].sort());
    for (const status of SUBMISSION_STATUSES) expect(LIFECYCLE.some((t) => t.from.includes(status)), status).toBe(true);
  });

  it('has one transition per action and starting status', () => {
    for (const status of SUBMISSION_STATUSES) {
      const actions = LIFECYCLE.filter((t) => t.from.includes(status)).map((t) => t.action);
      expect(new Set(actions).size, status).toBe(actions.length);
    }
  });

  it('lets the owner submit a draft or a rejected creation in one step, and withdraw a waiting one', () => {
    expect(ownerTransition('CREATED', 'SUBMITTED')?.action).toBe('submit');
    expect(ownerTransition('REJECTED', 'SUBMITTED')?.action).toBe('submit');
    expect(ownerTransition('SUBMITTED', 'CREATED')?.action).toBe('withdraw');
    expect(ownerTransition('TESTING', 'CREATED')).toBeNull();
    expect(ownerTransition('APPROVED', 'SUBMITTED')).toBeNull();
    expect(ownerTransition('CREATED', 'APPROVED')).toBeNull();
    // Reopening happens by editing, not as a status the owner asks for.
    expect(ownerTransition('REJECTED', 'CREATED')).toBeNull();
    expect(ownerActionsFrom('APPROVED')).toEqual([]);
    expect(ownerActionsFrom('REJECTED').map((t) => t.action)).toEqual(['submit']);
  });

  it('leaves decisions to reviewers and tests to testers', () => {
    const approve = lifecycleTransition('approve', 'TESTING');
    expect(approve?.by).toEqual({ kind: 'staff', permission: 'submissions:page-waiting:edit' });
    expect(lifecycleTransition('approve', 'CREATED')).toBeNull();
    expect(lifecycleTransition('reject', 'APPROVED')).toBeNull();
    expect(lifecycleTransition('startTest', 'SUBMITTED')?.by).toEqual({ kind: 'staff', permission: 'submissions:page-testing:edit' });
    expect(lifecycleTransition('startTest', 'TESTING')?.to).toBe('TESTING');
    expect(lifecycleTransition('startTest', 'APPROVED')).toBeNull();
  });

  it("names the status an owner's submit and withdraw lead to, as the web asks for them", () => {
    expect(lifecycleTarget('submit')).toBe('SUBMITTED');
    expect(lifecycleTarget('withdraw')).toBe('CREATED');
    expect(ownerTransition('REJECTED', lifecycleTarget('submit'))?.action).toBe('submit');
  });
});
