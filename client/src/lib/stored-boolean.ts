import { useCallback, useState } from 'react';

/** A yes/no kept in localStorage under `key`: null when never chosen (or storage is blocked or damaged). */
export function readStoredBoolean(key: string): boolean | null {
  try {
    const value = localStorage.getItem(key);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function writeStoredBoolean(key: string, value: boolean): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Not remembered, still applied for this visit.
  }
}

/** A panel's open/closed choice remembered in this browser: null until the user chose. */
export function useStoredBoolean(key: string): [boolean | null, (value: boolean) => void] {
  const [value, setValue] = useState(() => readStoredBoolean(key));
  const set = useCallback(
    (next: boolean) => {
      writeStoredBoolean(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
