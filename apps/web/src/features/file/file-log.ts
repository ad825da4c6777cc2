/** A log action ("version_added", "published-version") as words: "Version added". */
export function logActionLabel(action: string): string {
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '“”' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A log entry's `details` as one line: "filename: old.package → new.package, version: 2".
 * `{from, to}` pairs read as a change; anything else as its value.
 */
export function logDetailsText(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object' || Array.isArray(details)) return valueText(details);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details as Record<string, unknown>)) {
    const label = key.replace(/[_-]+/g, ' ');
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && ('from' in value || 'to' in value)) {
      const change = value as { from?: unknown; to?: unknown };
      parts.push(`${label}: ${valueText(change.from)} → ${valueText(change.to)}`);
    } else {
      parts.push(`${label}: ${valueText(value)}`);
    }
  }
  return parts.join(', ');
}
