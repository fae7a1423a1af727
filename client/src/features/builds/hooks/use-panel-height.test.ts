// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { NARROW_SCREEN_QUERY } from '@/lib/narrow-screen';
import { usePanelHeight } from './use-panel-height';

/** A window `width` px wide and 844 px tall, answering media queries as a browser would for it. */
function windowOf(width: number) {
  vi.stubGlobal('innerHeight', 844);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_SCREEN_QUERY && width <= 768,
    media: query,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('usePanelHeight', () => {
  it('starts at its initial height on a wide screen, and at a fifth of the height on a phone', () => {
    windowOf(1280);
    expect(renderHook(() => usePanelHeight('panel')).result.current.height).toBe(280);
    windowOf(390);
    expect(renderHook(() => usePanelHeight('panel')).result.current.height).toBe(169);
  });

  it('keeps the height the user chose, on a phone too', () => {
    localStorage.setItem('panel', '300');
    windowOf(390);
    expect(renderHook(() => usePanelHeight('panel')).result.current.height).toBe(300);
  });
});
