import type { FastifyBaseLogger } from 'fastify';
import { MemoryStateStore } from './memory-store.js';
import { RedisStateStore } from './redis-store.js';
import type { StateStore } from './state-store.js';

/** The store MOCK_STORE names, connected: `memory`, or a Redis (a failing connection stops the start with the reason). */
export async function openStateStore(
  config: { store: string; storePrefix: string },
  log: FastifyBaseLogger,
): Promise<StateStore> {
  if (config.store === 'memory') return new MemoryStateStore();
  const store = new RedisStateStore({
    url: config.store,
    prefix: config.storePrefix,
    // The URL may carry a password: only the error is logged, never the URL.
    onError: (error) => log.warn({ err: { message: error.message } }, 'mock store: Redis connection trouble'),
  });
  await store.connect();
  return store;
}

/** Where the start-up log says the state is, without the password a Redis URL may carry. */
export function describeStore(url: string, storeBytes: number): string {
  if (url === 'memory')
    return `memory (this process: a restart loses it; new builds wait once it holds ${Math.round(storeBytes / 1024 / 1024)} MiB, MOCK_MAX_STORE_MB)`;
  const parsed = new URL(url);
  return `Redis at ${parsed.protocol}//${parsed.host}${parsed.pathname} (shared by every gateway that names it)`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** MODE=mock: where the mock's users, sessions, sandboxes and builds are kept (MOCK_STORE). */
    mockStore: StateStore;
  }
}
