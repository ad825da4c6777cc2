/** One field that changed in a history entry: what it was and what it became, as text. */
export interface ChangedField {
  field: string;
  from: string | null;
  to: string | null;
}

/** A value of a log entry as a reviewer reads it: dates shortened, lists joined, nothing as null. */
export function logValueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    // ISO timestamps, as the server stores them, read as "2026-11-23 14:05".
    const iso = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
    return iso ? `${iso[1]} ${iso[2]}` : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => logValueText(v) ?? '—').join(', ');
  return JSON.stringify(value);
}

/** The fields of a log entry, each with its previous and new value, in the order they were written. */
export function changedFields(previous: unknown, next: unknown): ChangedField[] {
  const before = (typeof previous === 'object' && previous !== null ? previous : {}) as Record<string, unknown>;
  const after = (typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields.map((field) => ({ field, from: logValueText(before[field]), to: logValueText(after[field]) }));
}
