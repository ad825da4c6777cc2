// The option values live in the domain, shared with the server's input rules.
export {
  FEEDBACK_OPTIONS,
  GAME_VERSIONS,
  NOTIFICATION_OPTIONS,
  RECOLOR_OPTIONS,
  SHARING_OPTIONS,
  SOCIAL_MEDIA_OPTIONS,
} from '@corner/domain';

/** Select data for one option list: value as text, label from en.json (or "Option {n}" when unknown). */
export function optionData(
  values: readonly number[],
  current: number | null | undefined,
  label: (value: number) => string,
  unknown: (value: number) => string,
): { value: string; label: string }[] {
  const all = current != null && !values.includes(current) ? [...values, current] : values;
  return all.map((value) => ({ value: String(value), label: values.includes(value) ? label(value) : unknown(value) }));
}
