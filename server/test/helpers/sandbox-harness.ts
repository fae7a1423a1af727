import pino from 'pino';
import type { BuildRunner } from '../../src/mock/builds/runner.js';
import type { SeedData } from '../../src/mock/fixtures.js';
import type { MockSession } from '../../src/mock/session.js';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import type { StateStore } from '../../src/mock/state/state-store.js';
import { sandboxesWithBuilds } from '../../src/mock/store/build-wiring.js';
import type { SandboxAccess, SandboxRegistryOptions } from '../../src/mock/store/registry.js';
import type { Sandbox } from '../../src/mock/store/sandbox.js';
import { ADA } from './test-fixtures.js';

/** A signed-in session of a made-up user `id` (or Ada, who owns the test fixtures' projects). */
export function sessionOf(sessionId: string, id = 'u1', email = id === 'u1' ? ADA : `${id}@example.com`): MockSession {
  return {
    sessionId,
    user: {
      id,
      email,
      name: id,
      given_name: id,
      family_name: '',
      email_verified: true,
      roles: [],
      tos_accepted_version: 2,
    },
  };
}

export interface HarnessOptions extends Partial<Omit<SandboxRegistryOptions, 'store' | 'seed' | 'now' | 'builds'>> {
  seed: SeedData;
  /** With a runner, builds are handed to a BuildDispatcher as in the gateway. */
  runner?: BuildRunner;
  /** Builds the dispatcher takes on at once (8 by default). */
  capacity?: number;
  store?: StateStore;
  /** The registry's and the sandboxes' clock (ms); a manual one by default, starting at 0. */
  clock?: () => number;
}

/**
 * A SandboxRegistry on an in-memory store, as the gateway builds it (with a dispatcher when a
 * runner is given), for tests of the registry's own rules without HTTP around it.
 */
export function sandboxHarness(options: HarnessOptions) {
  let now = 0;
  const clock = options.clock ?? (() => now);
  const store = options.store ?? new MemoryStateStore(clock);
  const { registry, dispatcher } = sandboxesWithBuilds(
    {
      mode: 'user',
      idleMs: 3_600_000,
      fakerSeed: 1,
      startedAt: new Date(),
      ...options,
      store,
      now: clock,
    },
    options.runner && {
      runner: options.runner,
      leaseMs: 10_000,
      capacity: options.capacity ?? 8,
      log: pino({ level: 'silent' }),
    },
  );
  const marker = (session: MockSession) => `work of ${session.sessionId}`;

  return {
    registry,
    store,
    advance: (ms: number) => (now += ms),
    /**
     * A request of the session from `access`: opens its sandbox (creating it on first use) and, for
     * a write, leaves work in it (a project named after the session).
     */
    async visit(session: MockSession, access: SandboxAccess): Promise<string> {
      const key = await registry.open(session, access.address);
      await registry.use(key, access, (sandbox) => {
        if (!access.write || sandbox.listProjects().some((p) => p.name === marker(session))) return;
        sandbox.createProject({ name: marker(session) });
      });
      return key;
    },
    /** Whether the session's sandbox exists, without creating it. */
    async exists(session: MockSession): Promise<boolean> {
      return (await registry.read(registry.keyOf(session), () => true)) !== undefined;
    },
    /** Whether the session's sandbox holds the work `visit` left. */
    async holdsWork(session: MockSession): Promise<boolean> {
      const found = await registry.read(registry.keyOf(session), (sandbox) =>
        sandbox.listProjects().some((p) => p.name === marker(session)),
      );
      return found?.value ?? false;
    },
    /** Ada's sandbox: `write` runs a change as one stored unit of work, `read` sees the stored state. */
    async ada() {
      const key = await registry.open(sessionOf('ada'), 'ada-address');
      return {
        key,
        write: <R>(fn: (sandbox: Sandbox) => R | Promise<R>) =>
          registry.use(key, { address: 'ada-address', write: true }, fn),
        read: <R>(fn: (sandbox: Sandbox) => R | Promise<R>) =>
          registry.use(key, { address: 'ada-address', write: false }, fn),
      };
    },
    async close() {
      await dispatcher?.close();
      registry.close();
    },
  };
}
