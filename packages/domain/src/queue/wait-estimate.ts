/**
 * A submitted creation's place in the awaiting-approval queue and how long it may wait (issue 15):
 * from the last four weeks' review decisions (approvals and rejections per day). The estimate is a
 * range, and there is none when there is too little to go on.
 */
export const WAIT_ESTIMATE_DAYS = 28;
/** Fewer decisions than this in the window, or on fewer days, and no estimate is given. */
export const MIN_DECISIONS_FOR_ESTIMATE = 10;
export const MIN_DECISION_DAYS_FOR_ESTIMATE = 5;

export interface WaitEstimate {
  /** 1 for the next creation a reviewer takes. */
  position: number;
  /** Whole days, low and high; null with too little data. */
  days: { low: number; high: number } | null;
  /** Decisions counted over the window. */
  decisions: number;
}

/**
 * `decisionsPerDay` has one count per day of the window (missing days count as 0). The pace is the
 * window's mean; the range spans a busier week (1.5× the pace) and a slower one (0.75×), so a
 * creator reads "about 2 to 4 days" rather than a false precision. At least one day, always.
 */
export function waitEstimate(position: number, decisionsPerDay: readonly number[]): WaitEstimate {
  const decisions = decisionsPerDay.reduce((sum, n) => sum + n, 0);
  const activeDays = decisionsPerDay.filter((n) => n > 0).length;
  if (decisions < MIN_DECISIONS_FOR_ESTIMATE || activeDays < MIN_DECISION_DAYS_FOR_ESTIMATE) return { position, days: null, decisions };
  const pace = decisions / Math.max(1, decisionsPerDay.length);
  const low = Math.max(1, Math.ceil(position / (pace * 1.5)));
  const high = Math.max(low, Math.ceil(position / (pace * 0.75)));
  return { position, days: { low, high }, decisions };
}
