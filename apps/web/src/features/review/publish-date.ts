/** Two digits: "7" → "07". */
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The value of a `datetime-local` input ("2026-11-23T14:00") for an instant, in the reviewer's own
 * time zone, since that is how they think of "publish tomorrow at 2 pm".
 */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant (ISO-8601, UTC) a `datetime-local` value means in the reviewer's time zone, or null. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Whether a publish date is already past: approving then publishes at once. */
export function isPast(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).getTime() <= now.getTime();
}

/**
 * Where a publish date falls against the reviewer's today: the approved list is split there (SPEC
 * section 9), scheduled for a later day above, for today below.
 */
export function publishDay(iso: string | null | undefined, now: Date = new Date()): 'earlier' | 'today' | 'later' | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const day = (x: Date) => x.getFullYear() * 10_000 + x.getMonth() * 100 + x.getDate();
  return day(d) < day(now) ? 'earlier' : day(d) > day(now) ? 'later' : 'today';
}
