import { pagePermission } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { moveCursor, reviewPanels } from './decisions';

describe('review decisions', () => {
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
    expect(reviewPanels(manager)).toEqual({ canLock: false, canSeeChecklist: false, canSeeTests: false, canEditTests: false, canDecideUpdates: false, canSeeReports: false, canEditReports: false });
    const viewer = new Set([pagePermission('waiting', 'view')]);
    expect(reviewPanels(viewer)).toEqual({ canLock: false, canSeeChecklist: true, canSeeTests: true, canEditTests: false, canDecideUpdates: false, canSeeReports: false, canEditReports: false });
    const tester = new Set([pagePermission('testing', 'edit')]);
    expect(reviewPanels(tester)).toEqual({ canLock: true, canSeeChecklist: true, canSeeTests: true, canEditTests: true, canDecideUpdates: false, canSeeReports: false, canEditReports: false });
    const reportsViewer = new Set([pagePermission('reported', 'view')]);
    expect(reviewPanels(reportsViewer)).toMatchObject({ canSeeReports: true, canEditReports: false });
    const reportsEditor = new Set([pagePermission('reported', 'edit')]);
    expect(reviewPanels(reportsEditor)).toMatchObject({ canSeeReports: true, canEditReports: true });
  });
});
