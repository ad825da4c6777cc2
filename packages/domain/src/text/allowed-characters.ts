/**
 * The allowed text characters of SPEC section 5 (case-insensitive): letters, digits, space, line
 * breaks, brackets, and the punctuation ! " ´ _ ' - ( ) , + . & ? # @ $ § ; :
 * Letters and digits are Unicode letters and digits (with their combining marks), so "Café" and
 * "Ünïcödé" are fine; emoji, slashes, percent signs and the like are not.
 */
const ALLOWED = /[\p{L}\p{M}\p{Nd} \r\n\t()[\]{}!"´_'\-,+.&?#@$§;:]/u;

/** The distinct characters of `text` that are not allowed, in order of first appearance. */
export function disallowedCharacters(text: string): string[] {
  const found: string[] = [];
  for (const char of text) {
    if (!ALLOWED.test(char) && !found.includes(char)) found.push(char);
  }
  return found;
}

/** Quotes each character for a message; a space-like character is named. */
function describe(char: string): string {
  const names: Record<string, string> = { '\u00a0': 'non-breaking space', '\u200b': 'zero-width space' };
  return names[char] ?? `"${char}"`;
}

/**
 * The message for a field with characters that are not allowed, or null when the text is fine.
 * `label` is how the field is called on screen, e.g. "Description".
 */
export function allowedCharactersMessage(label: string, text: string | null | undefined): string | null {
  if (!text) return null;
  const bad = disallowedCharacters(text);
  if (bad.length === 0) return null;
  const list = bad.map(describe).join(', ');
  return `${label} contains ${bad.length === 1 ? 'a character' : 'characters'} that ${bad.length === 1 ? 'is' : 'are'} not allowed: ${list}.`;
}
