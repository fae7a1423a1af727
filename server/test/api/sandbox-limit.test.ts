import { describe, expect, it } from 'vitest';
import { loadSeedData } from '../../src/mock/fixtures.js';
import { MAX_SANDBOXES } from '../../src/mock/store/registry.js';
import { sandboxHarness, sessionOf } from '../helpers/sandbox-harness.js';
import { writeTestFixtures } from '../helpers/test-fixtures.js';

const IDLE_MS = 3_600_000;
/** A request from the visitor's own address that writes: the sandbox then holds work. */
const work = (id: string) => ({ address: `address-of-${id}`, write: true });
const session = (sessionId: string, id: string) => sessionOf(sessionId, id);

async function registry(mode: 'user' | 'session', maxSandboxes: number, maxSandboxesPerAddress?: number) {
  const fixtures = await writeTestFixtures();
  const seed = await loadSeedData(fixtures.dir);
  await fixtures.remove();
  return sandboxHarness({ seed, mode, idleMs: IDLE_MS, maxSandboxes, maxSandboxesPerAddress });
}

describe('mock API: the number of live sandboxes is capped without evicting anyone active', () => {
  it('defaults to a cap that fits a small machine', () => {
    expect(MAX_SANDBOXES).toBe(500);
  });

  for (const mode of ['session', 'user'] as const) {
    it(`${mode} mode: when full of active sandboxes a new one is refused with 503; the others keep their data`, async () => {
      const { registry: sandboxes, visit, holdsWork, advance } = await registry(mode, 3);
      await visit(session('s1', 'a'), work('a'));
      await visit(session('s2', 'b'), work('b'));
      await visit(session('s3', 'c'), work('c'));
      advance(IDLE_MS - 1);
      await expect(visit(session('s4', 'd'), work('d'))).rejects.toMatchObject({
        statusCode: 503,
        message: expect.stringMatching(/^The demo is full: it keeps at most 3 visitors' workspaces/),
      });
      for (let i = 0; i < 100; i++)
        await expect(visit(session(`loop-${i}`, `loop-${i}`), work(`loop-${i}`))).rejects.toThrow(/demo is full/);
      expect(await sandboxes.size()).toBe(3);
      expect(await holdsWork(session('s1', 'a'))).toBe(true);
    });

    it(`${mode} mode: a sandbox idle past the idle time makes room, least recently used first`, async () => {
      const { registry: sandboxes, visit, holdsWork, exists, advance } = await registry(mode, 2);
      await visit(session('a', 'a'), work('a'));
      await visit(session('b', 'b'), work('b'));
      advance(10);
      await visit(session('a', 'a'), work('a')); // a is used again: b is the idler
      advance(IDLE_MS - 5); // b is idle past the limit, a is not
      await visit(session('c', 'c'), work('c'));
      expect(await sandboxes.size()).toBe(2);
      expect(await holdsWork(session('a', 'a'))).toBe(true);
      expect(await exists(session('b', 'b'))).toBe(false);
      // b's workspace was freed: b comes back to fresh fixtures only when there is room again.
      await expect(visit(session('b', 'b'), work('b'))).rejects.toThrow(/The demo is full/);
      advance(IDLE_MS + 1);
      await visit(session('b', 'b'), { address: 'address-of-b', write: false });
      expect(await exists(session('b', 'b'))).toBe(true);
      expect(await holdsWork(session('b', 'b'))).toBe(false);
    });
  }

  for (const mode of ['session', 'user'] as const) {
    it(`${mode} mode: a full demo drops untouched sandboxes (nobody's work) before refusing, oldest first, never one with work`, async () => {
      const { registry: sandboxes, visit, holdsWork, exists } = await registry(mode, 3);
      await visit(session('w', 'w'), work('w'));
      await visit(session('r1', 'r1'), { address: 'r1', write: false });
      await visit(session('r2', 'r2'), { address: 'r2', write: false });
      // r1 looked first, so it is the oldest untouched: it makes room, though it was used just now.
      await visit(session('n', 'n'), work('n'));
      expect(await sandboxes.size()).toBe(3);
      expect(await holdsWork(session('w', 'w'))).toBe(true);
      expect(await exists(session('r1', 'r1'))).toBe(false);
      // r1 comes back to a fresh copy of the fixtures (it held no work), taking r2's place.
      await visit(session('r1', 'r1'), { address: 'r1', write: false });
      expect(await exists(session('r2', 'r2'))).toBe(false);
      // A write makes r1's sandbox hold work: now every one does, and a newcomer is refused.
      await visit(session('r1', 'r1'), work('r1'));
      await expect(visit(session('late', 'late'), work('late'))).rejects.toThrow(/^The demo is full/);
      expect(await sandboxes.size()).toBe(3);
    });

    it(`${mode} mode: one address holds at most MOCK_MAX_SANDBOXES_PER_ADDRESS; its untouched, then idle ones make room, else 503`, async () => {
      const { registry: sandboxes, visit, holdsWork, exists, advance } = await registry(mode, 100, 2);
      const from = (write: boolean) => ({ address: 'one-address', write });
      await visit(session('x1', 'x1'), from(false));
      await visit(session('x2', 'x2'), from(true));
      // x1 is untouched: the address's third replaces it.
      await visit(session('x3', 'x3'), from(true));
      expect(await sandboxes.size()).toBe(2);
      expect(await exists(session('x1', 'x1'))).toBe(false);
      // Both hold work and are in use: the address gets no more, other addresses do.
      await expect(visit(session('x4', 'x4'), from(true))).rejects.toThrow(
        /^Too many workspaces from your address: at most 2 in use at once/,
      );
      await visit(session('other', 'other'), work('other'));
      expect(await holdsWork(session('x2', 'x2'))).toBe(true);
      expect(await holdsWork(session('x3', 'x3'))).toBe(true);
      // Once idle past the limit, the address's least recently used (x2) gives way; x3 is in use.
      advance(IDLE_MS / 2);
      await visit(session('x3', 'x3'), from(true));
      advance(IDLE_MS / 2 + 1);
      await visit(session('x4', 'x4'), from(true));
      expect(await holdsWork(session('x3', 'x3'))).toBe(true);
      expect(await exists(session('x2', 'x2'))).toBe(false);
    });
  }
});
