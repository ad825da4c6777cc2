import type { FieldErrors } from '../../ui/auto-save/auto-saver';

/** A domain zod schema, seen only through `safeParse` (the web app does not depend on zod itself). */
export interface SafeParser {
  safeParse(value: unknown):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The first message of each field a domain rule finds in `input`, keyed by the field's path
 * ("name", "children.0.name"). The same rules as the server's, so a creator sees the server's words
 * before anything is sent.
 */
export function ruleMessages<T = Record<string, unknown>>(schema: SafeParser, input: unknown): FieldErrors<T> {
  const parsed = schema.safeParse(input);
  const messages: Record<string, string> = {};
  if (parsed.success) return messages as FieldErrors<T>;
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in messages)) messages[key] = issue.message;
  }
  return messages as FieldErrors<T>;
}

/** A number field's value for the API: an empty field is null. */
export function numberOrNull(value: string | number | null | undefined): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A text field's value for a nullable API field: blank is null. */
export function textOrNull(value: string | null | undefined): string | null {
  return value == null || value.trim() === '' ? null : value;
}
