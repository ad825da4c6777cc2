const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "12 Mar 2025, 14:05": how file dates read in the app. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** "12 Mar 2025": a file date where a column is narrow (the time is in its title). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}
