import { centsToDecimal } from '@corner/domain';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Whole cents as US dollars, "$1,234.50" or "-$0.05". The division is for display only: sums stay in cents. */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** Cents as the plain dollar amount a person edits: "15.00", "" for none. */
export function centsToInput(cents: number | null): string {
  return cents === null ? '' : centsToDecimal(cents);
}

/** "YYYY-MM" as people read it: "October 2026" (months are UTC). */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? month : MONTH.format(date);
}

const DAY = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day "YYYY-MM-DD" (a payment date) as people read it, "Oct 5, 2026", the same day everywhere. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}
