import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/mock/store/errors.js';
import { loadSeedData } from '../../src/mock/store/fixtures.js';
import { MAX_SANDBOXES, SandboxRegistry } from '../../src/mock/store/registry.js';
import { ADA, writeTestFixtures } from './support.js';

const user = { id: 'u1', email: ADA, name: 'Ada', given_name: 'Ada', family_name: '', email_verified: true, roles: [], tos_accepted_version: 2 };
const session = (sessionId: string, id = 'u1') => ({ user: { ...user, id, email: `${id}@example.com` }, sessionId });
const runner = { start: () => ({ cancel: () => {} }), close: () => {} };
const IDLE_MS = 3_600_000;

async function registry(mode: 'user' | 'session', maxSandboxes: number) {
  const fixtures = await writeTestFixtures();
  const seed = await loadSeedData(fixtures.dir);
  await fixtures.remove();
  let now = 0;
  const sandboxes = new SandboxRegistry({
    seed, runner, mode, idleMs: IDLE_MS, fakerSeed: 1, startedAt: new Date(), now: () => now, maxSandboxes,
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
      const first = sandboxes.forSession(session('s1', 'a'));
      sandboxes.forSession(session('s2', 'b'));
      sandboxes.forSession(session('s3', 'c'));
      advance(IDLE_MS - 1);
      let refused: unknown;
      try {
        sandboxes.forSession(session('s4', 'd'));
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).statusCode).toBe(503);
      expect((refused as ApiError).message).toMatch(/^The demo is full: it keeps at most 3 visitors' workspaces/);
      for (let i = 0; i < 100; i++) expect(() => sandboxes.forSession(session(`loop-${i}`, `loop-${i}`))).toThrow(ApiError);
      expect(sandboxes.size).toBe(3);
      expect(sandboxes.forSession(session('s1', 'a'))).toBe(first);
    });

    it(`${mode} mode: a sandbox idle past the idle time makes room, least recently used first`, async () => {
      const { sandboxes, advance } = await registry(mode, 2);
      const a = sandboxes.forSession(session('a', 'a'));
      const b = sandboxes.forSession(session('b', 'b'));
      advance(10);
      expect(sandboxes.forSession(session('a', 'a'))).toBe(a); // a is used again: b is the idler
      advance(IDLE_MS - 5); // b is idle past the limit, a is not
      sandboxes.forSession(session('c', 'c'));
      expect(sandboxes.size).toBe(2);
      expect(sandboxes.forSession(session('a', 'a'))).toBe(a);
      // b's workspace was freed: b comes back to fresh fixtures only when there is room again.
      expect(() => sandboxes.forSession(session('b', 'b'))).toThrow(/The demo is full/);
      advance(IDLE_MS + 1);
      expect(sandboxes.forSession(session('b', 'b'))).not.toBe(b);
    });
  }
});
