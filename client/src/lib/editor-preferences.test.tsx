import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FONT_SIZE_DEFAULT,
  FONT_SIZE_KEY,
  KEYBINDINGS_KEY,
  parseFontSize,
  parseKeybindings,
  useEditorFontSize,
  useKeybindingsPreference,
} from './editor-preferences';

afterEach(() => window.localStorage.clear());

describe('editor preferences', () => {
  it('parses stored values, falling back to the defaults', () => {
    expect(parseKeybindings('vim')).toBe('vim');
    expect(parseKeybindings('nano')).toBe('default');
    expect(parseKeybindings(null)).toBe('default');
    expect(parseFontSize('16')).toBe(16);
    expect(parseFontSize('9')).toBe(FONT_SIZE_DEFAULT);
    expect(parseFontSize('15.5')).toBe(FONT_SIZE_DEFAULT);
    expect(parseFontSize('big')).toBe(FONT_SIZE_DEFAULT);
  });

  it('stores a choice and every user of the hook sees it', () => {
    const first = renderHook(() => useKeybindingsPreference());
    const second = renderHook(() => useKeybindingsPreference());
    act(() => first.result.current[1]('emacs'));
    expect(window.localStorage.getItem(KEYBINDINGS_KEY)).toBe('emacs');
    expect(second.result.current[0]).toBe('emacs');
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useEditorFontSize());
    expect(result.current[0]).toBe(FONT_SIZE_DEFAULT);
    act(() => {
      window.localStorage.setItem(FONT_SIZE_KEY, '18');
      window.dispatchEvent(new StorageEvent('storage', { key: FONT_SIZE_KEY, newValue: '18' }));
    });
    expect(result.current[0]).toBe(18);
  });
});
