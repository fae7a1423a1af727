import { useCallback, useMemo, useSyncExternalStore } from 'react';

// Same-tab writes notify these; other tabs' writes arrive as `storage` events.
const listeners = new Set<() => void>();

function subscribeTo(key: string) {
  return (onChange: () => void): (() => void) => {
    const onStorage = (event: StorageEvent) => {
      // key null = another tab cleared the whole storage.
      if (event.key === key || event.key === null) onChange();
    };
    listeners.add(onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('storage', onStorage);
    };
  };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the default
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice still applies until reload.
  }
  listeners.forEach((listener) => listener());
}

/**
 * A preference kept in local storage under `key` (colour scheme, editor keybindings, font size):
 * `parse` turns the stored text (null when none) into the value. Every reader in this tab follows a
 * write at once, and a change in another tab applies here too (the storage event).
 */
export function useStoredPreference<T>(key: string, parse: (stored: string | null) => T): [T, (value: T) => void] {
  // One subscribe function per key, so React does not resubscribe on every render.
  const subscribe = useMemo(() => subscribeTo(key), [key]);
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const set = useCallback((value: T) => write(key, String(value)), [key]);
  return [parse(raw), set];
}
