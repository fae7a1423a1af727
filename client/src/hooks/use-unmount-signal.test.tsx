// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useUnmountSignal } from './use-unmount-signal';

/** Lets the queued microtasks run (the abort waits one). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('useUnmountSignal', () => {
  it('is one live signal while the component is mounted, re-rendered or not, and aborts when it unmounts', async () => {
    const { result, rerender, unmount } = renderHook(() => useUnmountSignal());
    const first = result.current;
    rerender();
    await settle();
    expect(result.current).toBe(first);
    expect(first.aborted).toBe(false);
    unmount();
    await settle();
    expect(first.aborted).toBe(true);
  });

  it("survives StrictMode's rehearsal (effects cleaned up and set up again at once), and aborts on the real unmount", async () => {
    // At the root, as main.tsx has it (a StrictMode inside a wrapper component rehearses no effects).
    const { result, unmount } = renderHook(() => useUnmountSignal(), { reactStrictMode: true });
    await settle();
    expect(result.current.aborted).toBe(false);
    unmount();
    await settle();
    expect(result.current.aborted).toBe(true);
  });
});
