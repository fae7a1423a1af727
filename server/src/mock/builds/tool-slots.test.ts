import { describe, expect, it } from 'vitest';
import { ToolSlots } from './tool-slots.js';

describe('ToolSlots', () => {
  it('runs at most `size` at once; the rest wait in order and hear how many are ahead', async () => {
    const slots = new ToolSlots(2);
    const ahead: Record<string, number[]> = { c: [], d: [] };
    const a = slots.acquire(() => {});
    const b = slots.acquire(() => {});
    const c = slots.acquire((n) => ahead.c!.push(n));
    const d = slots.acquire((n) => ahead.d!.push(n));
    await Promise.all([a.ready, b.ready]);
    expect(slots.queued).toBe(2);
    expect(ahead).toEqual({ c: [0], d: [1] });
    let cRan = false;
    void c.ready.then(() => (cRan = true));
    a.release();
    await c.ready;
    expect(cRan).toBe(true);
    expect(ahead.d).toEqual([1, 0]);
    d.release(); // leaves the queue without running
    b.release();
    c.release();
    expect(slots.queued).toBe(0);
    const e = slots.acquire(() => {});
    await e.ready; // a free slot at once: the released ones were given back
  });
});
