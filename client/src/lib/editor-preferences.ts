import { useCallback, useSyncExternalStore } from 'react';

/**
 * The editor's preferences, kept in local storage like the colour scheme: keybindings (default, vim,
 * emacs) and font size. Set on the Preferences pages, read by the editor; a change in another tab
 * applies here at once (the storage event).
 */
export const KEYBINDINGS_KEY = 'editor-keybindings';
export const FONT_SIZE_KEY = 'editor-font-size';

export const KEYBINDINGS = ['default', 'vim', 'emacs'] as const;
export type KeybindingsPreference = (typeof KEYBINDINGS)[number];

export const FONT_SIZE_MIN = 10;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_DEFAULT = 14;

export function parseKeybindings(stored: string | null | undefined): KeybindingsPreference {
  return (KEYBINDINGS as readonly string[]).includes(stored ?? '') ? (stored as KeybindingsPreference) : 'default';
}

/** A whole number of pixels within the allowed range; anything else is the default. */
export function parseFontSize(stored: string | null | undefined): number {
  const value = Number(stored);
  if (!stored || !Number.isInteger(value) || value < FONT_SIZE_MIN || value > FONT_SIZE_MAX) return FONT_SIZE_DEFAULT;
  return value;
}

// Same-tab writes notify through this set; other tabs through the storage event.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: defaults
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice still applies until reload.
  }
  listeners.forEach((listener) => listener());
}

function useStoredPreference<T>(key: string, parse: (stored: string | null) => T): [T, (value: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const set = useCallback((value: T) => write(key, String(value)), [key]);
  return [parse(raw), set];
}

export function useKeybindingsPreference() {
  return useStoredPreference(KEYBINDINGS_KEY, parseKeybindings);
}

export function useEditorFontSize() {
  return useStoredPreference(FONT_SIZE_KEY, parseFontSize);
}
