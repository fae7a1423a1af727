import { describe, expect, it } from 'vitest';
import { MAX_SANDBOXES, SandboxRegistry } from '../../src/mock/store/registry.js';
import { loadSeedData } from '../../src/mock/store/fixtures.js';
import { ADA, writeTestFixtures } from './support.js';

describe('mock API: the number of live sandboxes is capped', () => {
  it('evicts the least recently used sandbox beyond the cap, so a loop of sign-ins stays bounded', async () => {
    expect(MAX_SANDBOXES).toBe(1000);
    const fixtures = await writeTestFixtures();
    try {
      let now = 0;
      const runner = { start: () => ({ cancel: () => {} }), close: () => {} };
      const registry = new SandboxRegistry({
        seed: await loadSeedData(fixtures.dir),
        runner,
        mode: 'session',
        idleMs: 3_600_000,
        fakerSeed: 1,
        startedAt: new Date(),
        now: () => now,
        maxSandboxes: 3,
      });
      const user = { id: 'u1', email: ADA, name: 'Ada', given_name: 'Ada', family_name: '', email_verified: true, roles: [], tos_accepted_version: 2 };
      const session = (sessionId: string) => ({ user, sessionId });
      const s1 = registry.forSession(session('s1'));
      registry.forSession(session('s2'));
      const s3 = registry.forSession(session('s3'));
      now += 1;
      expect(registry.forSession(session('s1'))).toBe(s1); // s1 is now the most recently used
      for (let i = 0; i < 100; i++) registry.forSession(session(`loop-${i}`));
      expect(registry.size).toBe(3);
      registry.forSession(session('s4'));
      expect(registry.size).toBe(3);
      // The loop pushed everything older out, s1 included; a returning session gets fresh fixtures.
      expect(registry.forSession(session('s3'))).not.toBe(s3);
      const fresh = new SandboxRegistry({
        seed: await loadSeedData(fixtures.dir), runner, mode: 'session', idleMs: 3_600_000, fakerSeed: 1, startedAt: new Date(), maxSandboxes: 2,
      });
      const a = fresh.forSession(session('a'));
      fresh.forSession(session('b'));
      fresh.forSession(session('a')); // touch a: b is now the least recently used
      fresh.forSession(session('c'));
      expect(fresh.forSession(session('a'))).toBe(a);
      expect(fresh.size).toBe(2);
    } finally {
      await fixtures.remove();
    }
  });
});
