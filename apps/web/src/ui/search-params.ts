/**
 * A positive whole number from a URL search parameter (a page, an id), or null for anything else:
 * absent, empty, zero, negative, a fraction, an exponent, spaces or a number too large to be exact.
 * Every feature's typed search parameters (`urls.ts`) read theirs through this one rule.
 */
export function positiveIntParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
