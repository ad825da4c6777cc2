import { useCallback, useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    return fallback; // Storage blocked (private mode, policy): the default, for this visit.
  }
}

/**
 * A yes/no setting of this browser, kept in local storage ("true"/"false", as Mantine's
 * useLocalStorage wrote it, so settings saved before stay). The shell's own, small hook: Mantine's
 * brings its storage and cross-tab machinery (1.8 KB) into the sign-in page, which has no such setting.
 */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (update: (value: boolean) => boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const update = useCallback(
    (next: (value: boolean) => boolean) => {
      setValue((current) => {
        const result = next(current);
        try {
          window.localStorage.setItem(key, String(result));
        } catch {
          // Not kept beyond this visit; the setting still applies now.
        }
        return result;
      });
    },
    [key],
  );
  return [value, update];
}
