import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import errorsPlugin from '../../src/plugins/error-handler.js';
import identityPlugin from '../../src/mock/identity/identity.js';
import { testConfig } from '../../src/config.js';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import type { StateStore } from '../../src/mock/state/state-store.js';

export interface Clock {
  now: () => number;
  advanceSeconds: (seconds: number) => void;
}

/** A clock tests move by hand: tokens expire without waiting. */
export function manualClock(start = Date.now()): Clock {
  let current = start;
  return { now: () => current, advanceSeconds: (seconds) => (current += seconds * 1000) };
}

/**
 * Just the identity plugin (with the cookie parser and error shape it relies on), on a free port,
 * with an injected clock and a probe route that answers with `app.mockIdentity.sessionFromRequest`,
 * as the mock compile API will call it. Its state store is a memory one on the same clock (so
 * documents expire on it too), or `store` (a Redis one: its expiry is on Redis's clock, which the
 * identity provider does not rely on). Closing the app closes the store.
 */
export async function startIdentityOnly(
  clock: Clock,
  env: Record<string, string> = {},
  /** E.g. `trustProxy`, so a test can present client addresses in X-Forwarded-For. */
  serverOptions: FastifyServerOptions = {},
  store: StateStore = new MemoryStateStore(clock.now),
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = Fastify(serverOptions);
  app.decorate('config', testConfig({ MODE: 'mock', MOCK_TOKEN_TTL_SECONDS: '15', ...env }));
  app.decorate('mockStore', store);
  app.addHook('onClose', () => store.close());
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(identityPlugin, { now: clock.now });
  app.get('/probe/session', async (request) => {
    const session = await app.mockIdentity.sessionFromRequest(request);
    return session ? { sessionId: session.sessionId, user: session.user } : { session: null };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}
