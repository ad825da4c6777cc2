import { FEATURABLE_STATUS } from '@corner/domain';
import { fromLocalInput, toLocalInput } from '../review/publish-date';

/** A featured list's own fields as the form holds them (strings, as typed). */
export interface FeaturedDraft {
  type: string;
  /** A whole number ≥ 0 as typed; '' when empty. */
  index: string;
  name: string;
  /** A `datetime-local` value in the user's time zone; '' when empty. */
  publishAt: string;
}

export const EMPTY_DRAFT: FeaturedDraft = { type: '', index: '', name: '', publishAt: '' };

/** The fields of createFeaturedSubmission / updateFeaturedSubmission. */
export interface FeaturedFieldsInput {
  type: string | null;
  index: number | null;
  name: string | null;
  publish_at: string | null;
}

/** The form's values for a saved list. */
export function draftOf(list: { type: string; index: number; name?: string | null; publish_at: string }): FeaturedDraft {
  return { type: list.type, index: String(list.index), name: list.name ?? '', publishAt: toLocalInput(list.publish_at) };
}

/**
 * What the form sends. A missing or malformed required field goes as null, so that the server
 * answers its own message for that field (one per field) instead of the form guessing it; an index
 * that is not a whole number is sent as typed when it is a number (−1 gets "must be 0 or more").
 */
export function fieldsOf(draft: FeaturedDraft): FeaturedFieldsInput {
  const index = draft.index.trim();
  const n = Number(index);
  return {
    type: draft.type.trim() || null,
    index: index !== '' && Number.isSafeInteger(n) ? n : null,
    name: draft.name.trim() || null,
    publish_at: fromLocalInput(draft.publishAt),
  };
}

/** Whether the form differs from the saved list (names compared trimmed, as the server stores them). */
export function isDraftChanged(draft: FeaturedDraft, saved: FeaturedDraft): boolean {
  return (
    draft.type.trim() !== saved.type.trim() ||
    draft.index.trim() !== saved.index.trim() ||
    draft.name.trim() !== saved.name.trim() ||
    draft.publishAt !== saved.publishAt
  );
}

/** The types already used, each once, A to Z: the type field's suggestions and the filter's choices. */
export function knownTypes(lists: readonly { type: string }[], extra?: string | null): string[] {
  const types = new Set(lists.map((l) => l.type.trim()).filter(Boolean));
  if (extra?.trim()) types.add(extra.trim());
  return [...types].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Whether a list is already shown (its publish date has come) or still waits for it. */
export function listState(publishAt: string, now: Date = new Date()): 'live' | 'scheduled' {
  return new Date(publishAt).getTime() <= now.getTime() ? 'live' : 'scheduled';
}

/** Whether two id lists hold the same ids (in any order): then only the order changed. */
export function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * The `queryParams` of itemsSearch for the creations a list may hold: approved ones (scheduled or
 * published; itemsSearch leaves deleted ones out), matching the search when one is typed.
 */
export function candidateQueryParams(search: string, first: number) {
  const text = search.trim();
  return {
    ...(text ? { search: text } : {}),
    terms: [{ field: 'status', operator: '=', value: FEATURABLE_STATUS }],
    first,
    page: 1,
  };
}
