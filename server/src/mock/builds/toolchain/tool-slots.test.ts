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

  it("takes turns between groups: one address's earlier builds do not all run before another's", async () => {
    const slots = new ToolSlots(1);
    const order: string[] = [];
    const ahead: Record<string, number[]> = {};
    const tickets = new Map<string, ReturnType<ToolSlots['acquire']>>();
    const take = (name: string, group: string) => {
      ahead[name] = [];
      const ticket = slots.acquire((n) => ahead[name]!.push(n), group);
      void ticket.ready.then(() => order.push(name));
      tickets.set(name, ticket);
    };
    for (const name of ['a1', 'a2', 'a3']) take(name, 'address-a');
    take('b1', 'address-b');
    take('c1', 'address-c');
    // a1 runs; b and c, not served yet, are told they come before a's next (a's waiting ones hear each change).
    expect(ahead).toEqual({ a1: [], a2: [0, 1, 2], a3: [1, 2, 3], b1: [0], c1: [1] });
    for (const name of ['a1', 'b1', 'c1', 'a2', 'a3']) {
      await tickets.get(name)!.ready;
      tickets.get(name)!.release();
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    expect(ahead.a3).toEqual([1, 2, 3, 2, 1, 0]);
  });
});
