/**
 * Unsaved form values kept outside React, so that nothing typed is lost when a page is left, the
 * tab is reloaded or a save fails (DESIGN section 4). A draft holds only the fields that differ from
 * what the server last confirmed; it is removed once the server has them.
 */

/** The part of the Web Storage API a draft store uses (sessionStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The field values of one form that are not saved yet. */
export type Draft<T> = Partial<T>;

export const DRAFT_KEY_PREFIX = 'corner:draft:';

export interface DraftStore {
  read<T extends object>(key: string): Draft<T> | null;
  /** Writes the draft, or removes it when it holds no field. */
  write<T extends object>(key: string, draft: Draft<T>): void;
  remove(key: string): void;
}

/**
 * A store over `storage`. Storage that is missing, full or refuses access (private modes) only
 * loses the persistence, never the form: every failure is swallowed.
 */
export function createDraftStore(storage: KeyValueStorage | null, prefix = DRAFT_KEY_PREFIX): DraftStore {
  return {
    read<T extends object>(key: string): Draft<T> | null {
      try {
        const raw = storage?.getItem(prefix + key);
        if (!raw) return null;
        const parsed: unknown = JSON.parse(raw);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Draft<T>) : null;
      } catch {
        return null;
      }
    },
    write<T extends object>(key: string, draft: Draft<T>): void {
      try {
        if (Object.keys(draft).length === 0) storage?.removeItem(prefix + key);
        else storage?.setItem(prefix + key, JSON.stringify(draft));
      } catch {
        // Full or blocked storage: the draft still lives in the form's state.
      }
    },
    remove(key: string): void {
      try {
        storage?.removeItem(prefix + key);
      } catch {
        // See write().
      }
    },
  };
}

function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The app's drafts, per browser tab (sessionStorage). */
export const sessionDrafts = createDraftStore(browserSessionStorage());

/** Whether two field values are the same (values are JSON: text, numbers, booleans, null, lists, objects). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a typed value means the same as a stored one: the server trims text, so "Sofa " is the
 * stored "Sofa", and an empty text is the same as no value.
 */
export function meansSameValue(typed: unknown, stored: unknown): boolean {
  const normalise = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v ?? null));
  return isSameValue(normalise(typed), normalise(stored));
}

/** The fields of `draft` that change what the server holds (`base`): what a save must send. */
export function pendingChanges<T extends object>(base: T, draft: Draft<T>): Draft<T> {
  const changes: Draft<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (!meansSameValue(draft[key], base[key])) changes[key] = draft[key];
  }
  return changes;
}

/**
 * The draft after the server sent new values: fields it now holds exactly are dropped (the form
 * shows the server's value, which is the same). A field that differs only by surrounding spaces
 * stays, so the text a creator is still typing ("Sofa ") is not trimmed under their cursor.
 */
export function pruneDraft<T extends object>(base: T, draft: Draft<T>): Draft<T> {
  let changed = false;
  const next: Draft<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (isSameValue(draft[key], base[key])) changed = true;
    else next[key] = draft[key];
  }
  return changed ? next : draft;
}
