import { useStoredPreference } from './stored-preference';

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

export function useKeybindingsPreference() {
  return useStoredPreference(KEYBINDINGS_KEY, parseKeybindings);
}

export function useEditorFontSize() {
  return useStoredPreference(FONT_SIZE_KEY, parseFontSize);
}
