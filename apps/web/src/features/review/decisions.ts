import { pagePermission } from '@corner/domain';

/** The keyboard shortcuts of the queue and review pages, in the order the help lists them. */
export const REVIEW_SHORTCUTS = [
  { keys: ['j', '↓'], action: 'next' },
  { keys: ['k', '↑'], action: 'previous' },
  { keys: ['Enter', 'o'], action: 'open' },
  { keys: ['x'], action: 'check' },
  { keys: ['a'], action: 'approve' },
  { keys: ['r'], action: 'reject' },
  { keys: ['t'], action: 'test' },
  { keys: ['f'], action: 'files' },
  { keys: ['?'], action: 'help' },
] as const;

export type ShortcutAction = (typeof REVIEW_SHORTCUTS)[number]['action'];

/** The id `step` rows away from `current` in `ids` (clamped at the ends); the first row when none is current. */
export function moveCursor(ids: readonly number[], current: number | null, step: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return ids[0]!;
  return ids[Math.min(Math.max(at + step, 0), ids.length - 1)]!;
}

/** Whether the reviewer holds either permission of any of these pages. */
function anyPage(permissions: ReadonlySet<string>, pages: readonly Parameters<typeof pagePermission>[0][], access: 'view' | 'edit' | 'any') {
  return pages.some((page) =>
    access === 'any'
      ? permissions.has(pagePermission(page, 'view')) || permissions.has(pagePermission(page, 'edit'))
      : permissions.has(pagePermission(page, access)),
  );
}

/**
 * Which parts of the review page the reviewer may use, mirroring the server's review policy, so
 * that a member without them (a content manager) is never sent into a refusal.
 */
export function reviewPanels(permissions: ReadonlySet<string>) {
  return {
    /** Holding the reviewer lock: anyone who acts on a creation under review. */
    canLock: anyPage(permissions, ['waiting', 'testing', 'failed-testing'], 'edit'),
    canSeeChecklist: anyPage(permissions, ['waiting', 'testing', 'failed-testing'], 'any'),
    canSeeTests: anyPage(permissions, ['testing', 'failed-testing', 'waiting'], 'any'),
    canEditTests: anyPage(permissions, ['testing', 'failed-testing'], 'edit'),
    canDecideUpdates: anyPage(permissions, ['updated'], 'edit'),
    canSeeReports: anyPage(permissions, ['reported'], 'any'),
    /** Change, dismiss and restore reports. */
    canEditReports: anyPage(permissions, ['reported'], 'edit'),
  };
}
