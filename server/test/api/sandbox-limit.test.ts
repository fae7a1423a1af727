import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { loadSeedData } from '../../src/mock/fixtures.js';
import { MAX_SANDBOXES, SandboxRegistry } from '../../src/mock/store/registry.js';
import { ADA, writeTestFixtures } from '../helpers/test-fixtures.js';

const user = {
  id: 'u1',
  email: ADA,
  name: 'Ada',
  given_name: 'Ada',
  family_name: '',
  email_verified: true,
  roles: [],
  tos_accepted_version: 2,
};
const session = (sessionId: string, id = 'u1') => ({ user: { ...user, id, email: `${id}@example.com` }, sessionId });
const runner = { start: () => ({ cancel: () => {} }), close: () => {} };
const IDLE_MS = 3_600_000;
/** A request from the visitor's own address that writes: the sandbox then holds work. */
const work = (id: string) => ({ address: `address-of-${id}`, write: true });

async function registry(mode: 'user' | 'session', maxSandboxes: number, maxSandboxesPerAddress?: number) {
  const fixtures = await writeTestFixtures();
  const seed = await loadSeedData(fixtures.dir);
  await fixtures.remove();
  let now = 0;
  const sandboxes = new SandboxRegistry({
    seed,
    runner,
    mode,
    idleMs: IDLE_MS,
    fakerSeed: 1,
    startedAt: new Date(),
    now: () => now,
    maxSandboxes,
    maxSandboxesPerAddress,
  });
  return { sandboxes, advance: (ms: number) => (now += ms) };
}

describe('mock API: the number of live sandboxes is capped without evicting anyone active', () => {
  it('defaults to a cap that fits a small machine', () => {
    expect(MAX_SANDBOXES).toBe(500);
  });

  for (const mode of ['session', 'user'] as const) {
    it(`${mode} mode: when full of active sandboxes a new one is refused with 503; the others keep their data`, async () => {
      const { sandboxes, advance } = await registry(mode, 3);
      const first = sandboxes.forSession(session('s1', 'a'), work('a'));
      sandboxes.forSession(session('s2', 'b'), work('b'));
      sandboxes.forSession(session('s3', 'c'), work('c'));
      advance(IDLE_MS - 1);
      let refused: unknown;
      try {
        sandboxes.forSession(session('s4', 'd'), work('d'));
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).statusCode).toBe(503);
      expect((refused as ApiError).message).toMatch(/^The demo is full: it keeps at most 3 visitors' workspaces/);
      for (let i = 0; i < 100; i++)
        expect(() => sandboxes.forSession(session(`loop-${i}`, `loop-${i}`), work(`loop-${i}`))).toThrow(ApiError);
      expect(sandboxes.size).toBe(3);
      expect(sandboxes.forSession(session('s1', 'a'), work('a'))).toBe(first);
    });

    it(`${mode} mode: a sandbox idle past the idle time makes room, least recently used first`, async () => {
      const { sandboxes, advance } = await registry(mode, 2);
      const a = sandboxes.forSession(session('a', 'a'), work('a'));
      const b = sandboxes.forSession(session('b', 'b'), work('b'));
      advance(10);
      expect(sandboxes.forSession(session('a', 'a'), work('a'))).toBe(a); // a is used again: b is the idler
      advance(IDLE_MS - 5); // b is idle past the limit, a is not
      sandboxes.forSession(session('c', 'c'), work('c'));
      expect(sandboxes.size).toBe(2);
      expect(sandboxes.forSession(session('a', 'a'), work('a'))).toBe(a);
      // b's workspace was freed: b comes back to fresh fixtures only when there is room again.
      expect(() => sandboxes.forSession(session('b', 'b'), work('b'))).toThrow(/The demo is full/);
      advance(IDLE_MS + 1);
      expect(sandboxes.forSession(session('b', 'b'), work('b'))).not.toBe(b);
    });
  }

  for (const mode of ['session', 'user'] as const) {
    it(`${mode} mode: a full demo drops untouched sandboxes (nobody's work) before refusing, oldest first, never one with work`, async () => {
      const { sandboxes } = await registry(mode, 3);
      const worked = sandboxes.forSession(session('w', 'w'), work('w'));
      const looked = sandboxes.forSession(session('r1', 'r1'), { address: 'r1', write: false });
      sandboxes.forSession(session('r2', 'r2'), { address: 'r2', write: false });
      // r1 looked first, so it is the oldest untouched: it makes room, though it was used just now.
      sandboxes.forSession(session('n', 'n'), work('n'));
      expect(sandboxes.size).toBe(3);
      expect(sandboxes.forSession(session('w', 'w'), work('w'))).toBe(worked);
      // r1 comes back to a fresh copy of the fixtures (it held no work), taking r2's place.
      expect(sandboxes.forSession(session('r1', 'r1'), { address: 'r1', write: false })).not.toBe(looked);
      // A write makes r1's sandbox hold work: now every one does, and a newcomer is refused.
      sandboxes.forSession(session('r1', 'r1'), work('r1'));
      expect(() => sandboxes.forSession(session('late', 'late'), work('late'))).toThrow(/^The demo is full/);
      expect(sandboxes.size).toBe(3);
    });

    it(`${mode} mode: one address holds at most MOCK_MAX_SANDBOXES_PER_ADDRESS; its untouched, then idle ones make room, else 503`, async () => {
      const { sandboxes, advance } = await registry(mode, 100, 2);
      const from = (write: boolean) => ({ address: 'one-address', write });
      sandboxes.forSession(session('x1', 'x1'), from(false));
      const x2 = sandboxes.forSession(session('x2', 'x2'), from(true));
      // x1 is untouched: the address's third replaces it.
      const x3 = sandboxes.forSession(session('x3', 'x3'), from(true));
      expect(sandboxes.size).toBe(2);
      // Both hold work and are in use: the address gets no more, other addresses do.
      expect(() => sandboxes.forSession(session('x4', 'x4'), from(true))).toThrow(
        /^Too many workspaces from your address: at most 2 in use at once/,
      );
      sandboxes.forSession(session('other', 'other'), work('other'));
      expect(sandboxes.forSession(session('x2', 'x2'), from(true))).toBe(x2);
      expect(sandboxes.forSession(session('x3', 'x3'), from(true))).toBe(x3);
      // Once idle past the limit, the address's least recently used (x2) gives way; x3 is in use.
      advance(IDLE_MS / 2);
      sandboxes.forSession(session('x3', 'x3'), from(true));
      advance(IDLE_MS / 2 + 1);
      sandboxes.forSession(session('x4', 'x4'), from(true));
      expect(sandboxes.forSession(session('x3', 'x3'), from(true))).toBe(x3);
    });
  }
});
