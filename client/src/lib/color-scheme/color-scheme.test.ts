import { describe, expect, it } from 'vitest';
import { parseColorSchemePreference, resolveColorScheme } from './color-scheme';

describe('parseColorSchemePreference', () => {
  it('keeps the three valid values', () => {
    expect(parseColorSchemePreference('system')).toBe('system');
    expect(parseColorSchemePreference('dark')).toBe('dark');
    expect(parseColorSchemePreference('light')).toBe('light');
  });

  it('defaults to system for missing or unknown values', () => {
    expect(parseColorSchemePreference(null)).toBe('system');
    expect(parseColorSchemePreference(undefined)).toBe('system');
    expect(parseColorSchemePreference('')).toBe('system');
    expect(parseColorSchemePreference('Dark')).toBe('system');
    expect(parseColorSchemePreference('"dark"')).toBe('system');
  });
});

describe('resolveColorScheme', () => {
  it('follows the operating system for system', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
  });

  it('ignores the operating system for an explicit choice', () => {
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('light', true)).toBe('light');
  });
});
