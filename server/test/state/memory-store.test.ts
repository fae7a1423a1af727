import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { stateStoreContract } from './state-store-contract.js';

stateStoreContract('memory', async () => new MemoryStateStore());

describe('memory: beyond the contract', () => {
  it('counts the characters it holds as documents and lists change, expire and go', async () => {
    let now = 0;
    const store = new MemoryStateStore(() => now);
    expect(await store.usedBytes()).toBe(0);
    const version = (await store.write('doc', 'x'.repeat(100), 0))!;
    await store.write('doc', 'y'.repeat(40), version);
    expect(await store.usedBytes()).toBe(40);
    await store.append('log', ['abc', 'de']);
    await store.append('log', ['f']);
    expect(await store.usedBytes()).toBe(46);
    await store.write('session', 's'.repeat(10), 0, { ttlMs: 1_000 });
    expect(await store.usedBytes()).toBe(56);
    now = 2_000;
    expect(await store.read('session')).toBeNull();
    expect(await store.usedBytes()).toBe(46);
    // A refused write (stale version) changes nothing.
    expect(await store.write('doc', 'z'.repeat(500), version)).toBeNull();
    await store.remove('log', 'missing');
    expect(await store.usedBytes()).toBe(40);
    await store.clear();
    expect(await store.usedBytes()).toBe(0);
  });
});
