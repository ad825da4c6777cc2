import { formatDateTime } from './date-text';
import { formatRelative } from './relative-time';

/** "3 hours ago", with the exact date and time in its title (shown on hover). */
export function RelativeDateText({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}
