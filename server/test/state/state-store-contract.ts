import { beforeEach, describe, expect, it } from 'vitest';
import type { StateStore } from '../../src/mock/state/state-store.js';

/**
 * What every StateStore promises (state-store.ts): the memory and the Redis implementation each
 * run these same tests (memory-store.test.ts, redis-store.test.ts).
 */
export function stateStoreContract(name: string, open: () => Promise<StateStore>) {
  describe(`${name}: the StateStore contract`, () => {
    let store: StateStore;
    beforeEach(async () => {
      store = await open();
      await store.clear();
      return () => store.close();
    });

    describe('versioned documents', () => {
      it('a missing document reads as null with version 0', async () => {
        expect(await store.read('nobody')).toBeNull();
        expect(await store.version('nobody')).toBe(0);
      });

      it('is created only over version 0, and each write needs the version it read', async () => {
        const first = await store.write('doc', 'one', 0);
        expect(first).toBeGreaterThan(0);
        expect(await store.read('doc')).toEqual({ version: first, value: 'one' });
        expect(await store.write('doc', 'again', 0)).toBeNull();
        const second = await store.write('doc', 'two', first!);
        expect(second).toBeGreaterThan(first!);
        expect(await store.write('doc', 'stale', first!)).toBeNull();
        expect(await store.read('doc')).toEqual({ version: second, value: 'two' });
        expect(await store.version('doc')).toBe(second);
      });

      it('two writers of one version: exactly one wins', async () => {
        const version = (await store.write('race', '0', 0))!;
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => store.write('race', String(i + 1), version)),
        );
        expect(results.filter((result) => result !== null)).toHaveLength(1);
      });

      it('a removed and re-created document never gets an old version back (no stale copy looks current)', async () => {
        const old = (await store.write('doc', 'old', 0))!;
        await store.remove('doc');
        expect(await store.read('doc')).toBeNull();
        const fresh = (await store.write('doc', 'new', 0))!;
        expect(fresh).not.toBe(old);
        expect(fresh).toBeGreaterThan(old);
      });

      it('keeps text exactly (unicode, newlines, empty, 1 MB)', async () => {
        const big = 'x'.repeat(1_000_000);
        for (const [key, value] of [
          ['u', 'Ünïcödé ✓ 中文\n\r\t"\\'],
          ['e', ''],
          ['b', big],
        ] as const) {
          await store.write(key, value, 0);
          expect((await store.read(key))?.value).toBe(value);
        }
      });

      it('with a time to live, is gone after it', async () => {
        await store.write('brief', 'x', 0, { ttlMs: 50 });
        await store.write('lasting', 'y', 0);
        expect((await store.read('brief'))?.value).toBe('x');
        await new Promise((resolve) => setTimeout(resolve, 120));
        expect(await store.read('brief')).toBeNull();
        expect(await store.version('brief')).toBe(0);
        expect((await store.read('lasting'))?.value).toBe('y');
      });
    });

    describe('append-only lists', () => {
      it('append returns the length; slice reads [start, end)', async () => {
        expect(await store.length('log')).toBe(0);
        expect(await store.slice('log', 0, 10)).toEqual([]);
        expect(await store.append('log', ['a', 'b'])).toBe(2);
        expect(await store.append('log', [])).toBe(2);
        expect(await store.append('log', ['c'])).toBe(3);
        expect(await store.slice('log', 1, 3)).toEqual(['b', 'c']);
        expect(await store.slice('log', 2, 100)).toEqual(['c']);
        expect(await store.slice('log', 5, 9)).toEqual([]);
        expect(await store.slice('log', 2, 2)).toEqual([]);
        await store.remove('log');
        expect(await store.length('log')).toBe(0);
      });

      it('takes 50,000 lines in one call', async () => {
        const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i}`);
        expect(await store.append('big', lines)).toBe(50_000);
        expect(await store.slice('big', 49_998, 50_001)).toEqual(['line 49998', 'line 49999']);
      });

      it('empty items count in the memory it reports: an empty line is not free (null: kept elsewhere)', async () => {
        const before = await store.usedBytes();
        await store.append(
          'empty',
          Array.from({ length: 10_000 }, () => ''),
        );
        const after = await store.usedBytes();
        if (before === null) return expect(after).toBeNull();
        expect(after! - before).toBeGreaterThanOrEqual(10_000 * 8);
        await store.remove('empty');
        expect(await store.usedBytes()).toBe(before);
      });
    });

    describe('scored sets', () => {
      it('orders members by score, lowest first; a new score moves a member', async () => {
        await store.score('lru', 'a', 3);
        await store.score('lru', 'b', 1);
        await store.score('lru', 'c', 2);
        expect(await store.lowest('lru', 2)).toEqual([
          { member: 'b', score: 1 },
          { member: 'c', score: 2 },
        ]);
        await store.score('lru', 'b', 10);
        expect((await store.lowest('lru', 10)).map((s) => s.member)).toEqual(['c', 'a', 'b']);
        expect(await store.scoreOf('lru', 'b')).toBe(10);
        expect(await store.scoreOf('lru', 'zz')).toBeNull();
        expect(await store.count('lru')).toBe(3);
        await store.unscore('lru', 'c');
        expect(await store.count('lru')).toBe(2);
        expect(await store.lowest('nothing', 5)).toEqual([]);
      });
    });

    describe('work queues with leases', () => {
      it('hands each id to exactly one claimer, first in first out', async () => {
        for (const id of ['1', '2', '3']) await store.enqueue('builds', id);
        expect(await store.waiting('builds')).toEqual(['1', '2', '3']);
        const claims = await Promise.all([
          store.claim('builds', 'gw-a', Date.now() + 10_000),
          store.claim('builds', 'gw-b', Date.now() + 10_000),
          store.claim('builds', 'gw-a', Date.now() + 10_000),
          store.claim('builds', 'gw-b', Date.now() + 10_000),
        ]);
        expect(claims.flatMap((claimed) => (claimed ? [claimed.id] : [])).sort()).toEqual(['1', '2', '3']);
        expect(claims.filter((claimed) => claimed === null)).toHaveLength(1);
        expect(await store.waiting('builds')).toEqual([]);
      });

      it('groups take turns: the next id is the first of the group with the fewest claimed, served longest ago', async () => {
        const claimNext = async () => (await store.claim('fair', 'gw', Date.now() + 10_000))?.id;
        // One address queues three, then two others one each.
        for (const id of ['a1', 'a2', 'a3']) await store.enqueue('fair', id, 'address-a');
        await store.enqueue('fair', 'b1', 'address-b');
        await store.enqueue('fair', 'c1', 'address-c');
        expect(await store.waiting('fair')).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
        // Two at once (a gateway with room for two): never both of one address's while another waits.
        expect([await claimNext(), await claimNext()]).toEqual(['a1', 'b1']);
        await store.forgetQueued('fair', 'a1');
        // No address has one claimed but b: a (served first) and c (never served) tie on that; c's turn.
        expect(await claimNext()).toBe('c1');
        await store.forgetQueued('fair', 'b1');
        await store.forgetQueued('fair', 'c1');
        // b again, behind a's two: a was served longest ago (a1, before b1), so a2 first; then b2, as b's
        // turn (b1) came before a's new one (a2).
        await store.enqueue('fair', 'b2', 'address-b');
        expect(await claimNext()).toBe('a2');
        await store.forgetQueued('fair', 'a2');
        expect(await claimNext()).toBe('b2');
        await store.forgetQueued('fair', 'b2');
        expect(await claimNext()).toBe('a3');
        expect(await claimNext()).toBeUndefined();
        expect(await store.waiting('fair')).toEqual([]);
      });

      it('ids queued without a group are first come first served, in turn with groups', async () => {
        const claimNext = async () => (await store.claim('mixed', 'gw', Date.now() + 10_000))?.id;
        await store.enqueue('mixed', 'g1', 'address-g');
        await store.enqueue('mixed', 'g2', 'address-g');
        await store.enqueue('mixed', 'solo');
        expect(await claimNext()).toBe('g1');
        expect(await claimNext()).toBe('solo');
        expect(await claimNext()).toBe('g2');
      });

      it('a lease is renewed only by its owner; an ended lease is reclaimed once', async () => {
        await store.enqueue('q', 'job');
        const now = Date.now();
        expect(await store.claim('q', 'gw-a', now + 1_000)).toEqual({ id: 'job', group: 'job' });
        expect(await store.ownerOf('q', 'job')).toBe('gw-a');
        expect(await store.renew('q', 'job', 'gw-b', now + 5_000)).toBe(false);
        expect(await store.renew('q', 'job', 'gw-a', now + 2_000)).toBe(true);
        expect(await store.reclaimExpired('q', now + 1_500)).toEqual([]);
        const [first, second] = await Promise.all([
          store.reclaimExpired('q', now + 2_500),
          store.reclaimExpired('q', now + 2_500),
        ]);
        expect([...first!, ...second!]).toEqual(['job']);
        expect(await store.ownerOf('q', 'job')).toBeNull();
        expect(await store.renew('q', 'job', 'gw-a', now + 9_000)).toBe(false);
      });

      it('a forgotten id leaves the queue whether waiting or claimed', async () => {
        for (const id of ['a', 'b', 'c']) await store.enqueue('q', id);
        await store.forgetQueued('q', 'b');
        expect(await store.waiting('q')).toEqual(['a', 'c']);
        expect((await store.claim('q', 'gw', Date.now() + 1_000))?.id).toBe('a');
        await store.forgetQueued('q', 'a');
        expect(await store.ownerOf('q', 'a')).toBeNull();
        expect(await store.reclaimExpired('q', Date.now() + 5_000)).toEqual([]);
      });
    });

    it('clear empties every kind of key', async () => {
      await store.write('d', 'x', 0);
      await store.append('l', ['x']);
      await store.score('s', 'm', 1);
      await store.enqueue('q', 'i');
      await store.clear();
      expect(await store.read('d')).toBeNull();
      expect(await store.length('l')).toBe(0);
      expect(await store.count('s')).toBe(0);
      expect(await store.waiting('q')).toEqual([]);
    });
  });
}
