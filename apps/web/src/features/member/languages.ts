/**
 * Language codes a creator can list in their preferences (the domain rule takes codes like "en"
 * or "pt-BR"): the languages creators of the community most often write in.
 */
export const LANGUAGE_CODES = [
  'en', 'en-GB', 'en-US', 'de', 'fr', 'es', 'es-MX', 'it', 'nl', 'pt', 'pt-BR', 'pl', 'cs', 'sk', 'hu', 'ro',
  'bg', 'el', 'tr', 'ru', 'uk', 'sv', 'da', 'nb', 'fi', 'is', 'et', 'lv', 'lt', 'hr', 'sr', 'sl', 'ar', 'he',
  'fa', 'hi', 'th', 'vi', 'id', 'ms', 'fil', 'ja', 'ko', 'zh', 'zh-TW',
] as const;

let names: Intl.DisplayNames | null = null;

/** A language's name in English ("pt-BR" → "Brazilian Portuguese"), or the code when unknown. */
export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Select data: every known code plus any stored code not in the list, sorted by name. */
export function languageOptions(chosen: readonly string[]): { value: string; label: string }[] {
  const codes = new Set<string>([...LANGUAGE_CODES, ...chosen]);
  return [...codes]
    .map((code) => ({ value: code, label: `${languageName(code)} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
