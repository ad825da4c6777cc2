import { asHttpUrl, asSearchId, MIN_SEARCH_LENGTH } from '@corner/domain';

/**
 * What a phrase typed into the content search dialog asks for (SPEC sections 5 and 9):
 * - `url`: it parses as http(s), so the dialog previews the page instead of searching;
 * - `id`: a number above 0, searched by id;
 * - `text`: a like match on name, keywords and creator;
 * - `tooShort`: fewer than 3 characters, nothing to search yet;
 * - `empty`.
 */
export type Phrase =
  | { kind: 'empty' }
  | { kind: 'tooShort' }
  | { kind: 'url'; url: string }
  | { kind: 'id'; id: number }
  | { kind: 'text'; text: string };

export function classifyPhrase(phrase: string): Phrase {
  const text = phrase.trim();
  if (text === '') return { kind: 'empty' };
  const url = asHttpUrl(text);
  if (url) return { kind: 'url', url: url.toString() };
  if (text.length < MIN_SEARCH_LENGTH) return { kind: 'tooShort' };
  const id = asSearchId(text);
  if (id !== null) return { kind: 'id', id };
  return { kind: 'text', text };
}

/** Whether the search button may run a search for this phrase (not while one runs). */
export function canSearch(phrase: Phrase): boolean {
  return phrase.kind === 'id' || phrase.kind === 'text' || phrase.kind === 'url';
}
