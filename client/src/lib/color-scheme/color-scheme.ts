/** Local storage key of the colour-scheme preference (spec §3, §9); public/theme-boot.js reads it too. */
export const COLOR_SCHEME_KEY = 'color-scheme';

export const COLOR_SCHEME_PREFERENCES = ['system', 'dark', 'light'] as const;
export type ColorSchemePreference = (typeof COLOR_SCHEME_PREFERENCES)[number];
export type ColorScheme = 'dark' | 'light';

/** The stored value, or the default `system` when it is missing or not one of the three values. */
export function parseColorSchemePreference(stored: string | null | undefined): ColorSchemePreference {
  return (COLOR_SCHEME_PREFERENCES as readonly string[]).includes(stored ?? '')
    ? (stored as ColorSchemePreference)
    : 'system';
}

/** The scheme to paint: an explicit choice wins; `system` follows the operating system. */
export function resolveColorScheme(preference: ColorSchemePreference, systemPrefersDark: boolean): ColorScheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
