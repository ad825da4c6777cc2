import { useEffect, useState, useSyncExternalStore } from 'react';
import { AutoSaver, type AutoSaveSnapshot, type FieldErrors, type SaveResult } from './auto-saver';
import { sessionDrafts, type Draft, type DraftStore } from './draft-store';

/** The default debounce of SPEC section 9. */
export const AUTO_SAVE_DELAY_MS = 500;

export interface UseAutoSaveOptions<T extends object> {
  /**
   * Where the draft lives between visits and reloads (sessionStorage); read once, when the form
   * mounts. Give the form a React `key` with the same identity so that another record starts fresh.
   */
  storageKey: string | null;
  /** The values the server holds; keep the object stable between renders (memoise it). */
  base: T;
  save: (changes: Draft<T>, values: T) => Promise<SaveResult<T>>;
  validate?: (values: T) => FieldErrors<T>;
  isReadOnly?: boolean;
  delayMs?: number;
  store?: DraftStore;
}

export interface AutoSaveForm<T extends object> extends AutoSaveSnapshot<T> {
  setValue<K extends keyof T>(key: K, value: T[K]): void;
  setValues(values: Draft<T>): void;
  /** Saves now; call it on blur. */
  flush(): Promise<boolean>;
  retry(): Promise<boolean>;
}

/**
 * A form that saves itself: after typing stops, on blur and when the component goes away. Typed
 * values are kept in sessionStorage until the server confirms them, restored on the next visit,
 * and kept on screen when a save fails.
 */
export function useAutoSave<T extends object>(options: UseAutoSaveOptions<T>): AutoSaveForm<T> {
  const { storageKey, base, save, validate, isReadOnly = false, delayMs = AUTO_SAVE_DELAY_MS, store = sessionDrafts } = options;
  const [saver] = useState(() => new AutoSaver<T>({ storageKey, store, base, save, validate, delayMs, isReadOnly }));
  useEffect(() => saver.update({ save, validate, isReadOnly }));
  useEffect(() => saver.setBase(base), [saver, base]);
  useEffect(() => () => saver.dispose(), [saver]);
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot);
  return {
    ...snapshot,
    setValue: (key, value) => saver.setValue(key, value),
    setValues: (values) => saver.setValues(values),
    flush: () => saver.flush(),
    retry: () => saver.retry(),
  };
}
