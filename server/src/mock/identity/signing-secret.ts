import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { StateStore } from '../state/state-store.js';

/** Where a generated secret is kept in a shared store (never logged, like the secret itself). */
export const SIGNING_SECRET_KEY = 'identity:signing-secret';

/**
 * The key the mock's HS256 tokens are signed with. SESSION_SECRET when set. Otherwise, with a
 * shared (Redis) store, one made once and kept in the store: the first gateway writes it over "no
 * document" and every other (and every restart) reads that one, so replicas accept each other's
 * tokens. With the memory store a random one per start: sign-ins end at restart anyway, and the
 * start-up log says so. The secret itself is never logged.
 */
export async function signingSecret(
  store: StateStore,
  configured: string | undefined,
  log: FastifyBaseLogger,
): Promise<Uint8Array> {
  if (configured) {
    log.info('Mock sign-ins: tokens signed with SESSION_SECRET');
    return new TextEncoder().encode(configured);
  }
  if (store.kind === 'memory') {
    log.info(
      'Mock sign-ins end at restart: they live in this process (MOCK_STORE=memory) and tokens are signed with a secret made at start (SESSION_SECRET unset)',
    );
    return new Uint8Array(randomBytes(32));
  }
  for (;;) {
    const kept = await store.read(SIGNING_SECRET_KEY);
    if (kept) {
      log.info('Mock sign-ins: tokens signed with the secret kept in the shared store (SESSION_SECRET unset)');
      return new Uint8Array(Buffer.from(kept.value, 'base64url'));
    }
    // Over "no document": of gateways starting at once, one writes and the others read its secret.
    await store.write(SIGNING_SECRET_KEY, randomBytes(32).toString('base64url'), 0);
  }
}
