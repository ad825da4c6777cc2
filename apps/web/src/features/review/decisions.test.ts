import { pagePermission } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { isDecidable, moveCursor, reviewAbilities, reviewPanels } from './decisions';

describe('review decisions', () => {
  it('decides only on submitted or testing creations that are not deleted', () => {
    expect(isDecidable({ status: 'SUBMITTED' })).toBe(true);
    expect(isDecidable({ status: 'TESTING' })).toBe(true);
    expect(isDecidable({ status: 'CREATED' })).toBe(false);
    expect(isDecidable({ status: 'APPROVED' })).toBe(false);
    expect(isDecidable({ status: 'SUBMITTED', deleted_at: '2026-11-01T00:00:00Z' })).toBe(false);
  });

  it('needs the waiting page to decide and the testing page to test', () => {
    const tester = new Set([pagePermission('testing', 'edit')]);
    expect(reviewAbilities({ status: 'SUBMITTED' }, tester)).toEqual({ canApprove: false, canReject: false, canTest: true });
    const approver = new Set([pagePermission('waiting', 'edit'), pagePermission('waiting', 'view')]);
    expect(reviewAbilities({ status: 'TESTING' }, approver)).toEqual({ canApprove: true, canReject: true, canTest: false });
    expect(reviewAbilities({ status: 'APPROVED' }, approver).canApprove).toBe(false);
  });

  it('moves the cursor within the rows and stops at the ends', () => {
    const ids = [5, 9, 12];
    expect(moveCursor(ids, null, 1)).toBe(5);
    expect(moveCursor(ids, 5, 1)).toBe(9);
    expect(moveCursor(ids, 12, 1)).toBe(12);
    expect(moveCursor(ids, 5, -1)).toBe(5);
    expect(moveCursor(ids, 77, -1)).toBe(5);
    expect(moveCursor([], 5, 1)).toBeNull();
  });
});

describe('review panels', () => {
  it('follows the page permissions of the review policy', () => {
    const manager = new Set([pagePermission('published', 'edit'), pagePermission('featured', 'edit')]);
    expect(reviewPanels(manager)).toEqual({ canLock: false, canSeeChecklist: false, canSeeTests: false, canEditTests: false, canDecideUpdates: false, canDismissReports: false });
    const viewer = new Set([pagePermission('waiting', 'view')]);
    expect(reviewPanels(viewer)).toEqual({ canLock: false, canSeeChecklist: true, canSeeTests: true, canEditTests: false, canDecideUpdates: false, canDismissReports: false });
    const tester = new Set([pagePermission('testing', 'edit')]);
    expect(reviewPanels(tester)).toEqual({ canLock: true, canSeeChecklist: true, canSeeTests: true, canEditTests: true, canDecideUpdates: false, canDismissReports: false });
  });
});
