import { z } from 'zod';
import { programOfRoles } from '../payment/payment';

/**
 * Early access (issue 21): for some days after its publish date, only subscribers download a
 * creation; then it is free for everyone, with no manual step (the server's early-access job).
 */

/** The longest early access a creation may have, in days. */
export const MAX_EARLY_ACCESS_DAYS = 30;

export const earlyAccessDaysInput = z
  .number()
  .int('Early access is a whole number of days.')
  .min(0, 'Early access cannot be negative; 0 means none.')
  .max(MAX_EARLY_ACCESS_DAYS, `Early access lasts at most ${MAX_EARLY_ACCESS_DAYS} days.`);

/**
 * Who may give a creation early access: its creator when they are in a paid program (the Select
 * artist or Featured artist role), and staff who approve.
 */
export function maySetEarlyAccess(who: { isOwner: boolean; roleNames: readonly string[]; isDecidingStaff: boolean }): boolean {
  return who.isDecidingStaff || (who.isOwner && programOfRoles(who.roleNames) !== null);
}

/**
 * When a creation's early access ends: its publish date plus its early access days, so it follows
 * the date when staff move it. A creation without days keeps an end it was given outright (the older
 * system's); 0 days is none.
 */
export function earlyAccessUntil(s: { early_access_at: Date | string | null; early_access_days: number | null; publish_at: Date | string | null }): Date | null {
  if (s.early_access_days !== null && s.early_access_days !== undefined) {
    return s.early_access_days > 0 && s.publish_at ? new Date(new Date(s.publish_at).getTime() + s.early_access_days * 86_400_000) : null;
  }
  return s.early_access_at ? new Date(s.early_access_at) : null;
}

/** Whether early access that ends at `until` (null: none) is on at `now`. */
export function isEarlyAccessOn(until: Date | null, now: Date = new Date()): boolean {
  return until !== null && until.getTime() > now.getTime();
}

/** Whether a creation is in early access at `now`. */
export function isInEarlyAccess(s: Parameters<typeof earlyAccessUntil>[0], now: Date = new Date()): boolean {
  return isEarlyAccessOn(earlyAccessUntil(s), now);
}
