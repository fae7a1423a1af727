import { describe, expect, it } from 'vitest';
import { ITEM_OVERHEAD_BYTES, MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { stateStoreContract } from './state-store-contract.js';

stateStoreContract('memory', async () => new MemoryStateStore());

describe('memory: beyond the contract', () => {
  it("counts the characters it holds, and each item's overhead, as documents and lists change, expire and go", async () => {
    const item = ITEM_OVERHEAD_BYTES;
    let now = 0;
    const store = new MemoryStateStore(() => now);
    expect(await store.usedBytes()).toBe(0);
    const version = (await store.write('doc', 'x'.repeat(100), 0))!;
    await store.write('doc', 'y'.repeat(40), version);
    expect(await store.usedBytes()).toBe(40 + item);
    await store.append('log', ['abc', 'de']);
    await store.append('log', ['f']);
    expect(await store.usedBytes()).toBe(46 + 4 * item);
    await store.write('session', 's'.repeat(10), 0, { ttlMs: 1_000 });
    expect(await store.usedBytes()).toBe(56 + 5 * item);
    now = 2_000;
    expect(await store.read('session')).toBeNull();
    expect(await store.usedBytes()).toBe(46 + 4 * item);
    // A refused write (stale version) changes nothing.
    expect(await store.write('doc', 'z'.repeat(500), version)).toBeNull();
    await store.remove('log', 'missing');
    expect(await store.usedBytes()).toBe(40 + item);
    await store.clear();
    expect(await store.usedBytes()).toBe(0);
  });

  it('an empty line is not free: two million of them count tens of megabytes (issue 31)', async () => {
    const store = new MemoryStateStore();
    const empty = Array.from({ length: 100_000 }, () => '');
    for (let i = 0; i < 20; i++) await store.append('log:flood', empty);
    expect(await store.usedBytes()).toBe(2_000_000 * ITEM_OVERHEAD_BYTES);
    expect(await store.usedBytes()).toBeGreaterThan(40 * 1024 * 1024);
    await store.remove('log:flood');
    expect(await store.usedBytes()).toBe(0);
  });
});
