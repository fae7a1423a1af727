// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { fakeBuild } from '../testing/fake-build';
import { useLogsPanelExpanded } from './use-logs-panel-expanded';

/** window.matchMedia answering `narrow` for the phone query (jsdom has none). */
function viewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === '(max-width: 40rem)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useLogsPanelExpanded', () => {
  it('opens on a wide screen and stays folded on a phone, for a project with builds and no choice made', () => {
    const done = fakeBuild({ status: 'succeeded' });
    viewport(false);
    expect(renderHook(() => useLogsPanelExpanded(done)).result.current[0]).toBe(true);
    viewport(true);
    expect(renderHook(() => useLogsPanelExpanded(done)).result.current[0]).toBe(false);
  });

  it("on a phone, the user's choice is kept, and a build started meanwhile opens the panel", () => {
    viewport(true);
    const done = fakeBuild({ id: 'b1', status: 'succeeded' });
    const { result, rerender } = renderHook(({ latest }) => useLogsPanelExpanded(latest), {
      initialProps: { latest: done },
    });
    expect(result.current[0]).toBe(false);
    rerender({ latest: fakeBuild({ id: 'b2', status: 'queued' }) });
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    act(() => result.current[1]());
    // Remembered: the next visit opens it, phone or not.
    expect(renderHook(() => useLogsPanelExpanded(done)).result.current[0]).toBe(true);
  });
});
