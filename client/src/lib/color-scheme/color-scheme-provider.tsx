import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useStoredPreference } from '../stored-preference';
import {
  COLOR_SCHEME_KEY,
  parseColorSchemePreference,
  resolveColorScheme,
  type ColorScheme,
  type ColorSchemePreference,
} from './color-scheme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function subscribeSystem(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export interface ColorSchemeState {
  /** What the user chose: system (default), dark or light. */
  preference: ColorSchemePreference;
  /** What is painted now. */
  scheme: ColorScheme;
  setPreference: (preference: ColorSchemePreference) => void;
}

const ColorSchemeContext = createContext<ColorSchemeState | null>(null);

/**
 * Keeps the page's theme in step with the stored choice, the operating system (for `system`) and
 * other tabs. public/theme-boot.js paints the first frame; this takes over once the app runs.
 */
export function ColorSchemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useStoredPreference(COLOR_SCHEME_KEY, parseColorSchemePreference);
  const prefersDark = useSyncExternalStore(subscribeSystem, systemPrefersDark);
  const scheme = resolveColorScheme(preference, prefersDark);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
  }, [scheme]);

  const value = useMemo(() => ({ preference, scheme, setPreference }), [preference, scheme, setPreference]);
  return <ColorSchemeContext.Provider value={value}>{children}</ColorSchemeContext.Provider>;
}

/** The colour-scheme preference and a setter; for the appearance preferences page and themed widgets. */
export function useColorScheme(): ColorSchemeState {
  const state = useContext(ColorSchemeContext);
  if (!state) throw new Error('useColorScheme must be used inside ColorSchemeProvider');
  return state;
}
