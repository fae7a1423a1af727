import { afterAll, beforeAll } from 'vitest';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { RedisStateStore } from '../../src/mock/state/redis-store.js';
import type { StateStore } from '../../src/mock/state/state-store.js';
import { startRedis, type TestRedis } from './redis-server.js';

/**
 * The state stores a suite runs against (`describe.each(storesUnderTest())`): memory, and a real
 * redis-server this file starts (once, on a free port). Each gateway or store gets a key prefix of
 * its own, so tests never see each other's state.
 */
export interface StoreUnderTest {
  kind: 'memory' | 'redis';
  /** For startGateway: MOCK_STORE (and a fresh MOCK_STORE_PREFIX, so a fresh state). */
  env(): Record<string, string>;
  /** A connected store with a fresh state, for startIdentityOnly (memory: on `now`). */
  open(now: () => number): Promise<StateStore>;
}

let prefixes = 0;

/** A key prefix no other test (in this or a parallel test process) uses. */
export function uniquePrefix(): string {
  return `test-${process.pid}-${Date.now()}-${++prefixes}:`;
}

/** Registers the file's redis-server (started before its tests, stopped after). */
export function testRedis(): { readonly url: string } {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(() => redis?.dispose());
  return {
    get url() {
      if (!redis) throw new Error('the test redis-server is not started yet (use it inside a test or hook)');
      return redis.url;
    },
  };
}

export async function openRedisStore(url: string, prefix = uniquePrefix()): Promise<RedisStateStore> {
  const store = new RedisStateStore({ url, prefix });
  await store.connect();
  return store;
}

export function storesUnderTest(): StoreUnderTest[] {
  const redis = testRedis();
  return [
    { kind: 'memory', env: () => ({}), open: async (now) => new MemoryStateStore(now) },
    {
      kind: 'redis',
      env: () => ({ MOCK_STORE: redis.url, MOCK_STORE_PREFIX: uniquePrefix() }),
      open: () => openRedisStore(redis.url),
    },
  ];
}
