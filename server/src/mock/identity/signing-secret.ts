import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { StateStore } from '../state/state-store.js';

/** Where a generated secret is kept in a shared store (never logged, like the secret itself). */
export const SIGNING_SECRET_KEY = 'identity:signing-secret';

/** Where the last gateway to start on a shared store left a fingerprint of its secret (not the secret). */
export const SIGNING_SECRET_FINGERPRINT_KEY = 'identity:signing-secret-fingerprint';

/** The warning of a gateway whose secret is not the one the gateway started before it on the store used. */
export const SECRET_MISMATCH_WARNING =
  'This gateway signs sign-in tokens with another secret than the gateway that started before it on this ' +
  'MOCK_STORE: each refuses the sign-ins of the other. Set the same SESSION_SECRET on every replica (or leave ' +
  'it unset on all, to share the one kept in the store)';

/**
 * Replicas on one store must sign with one secret, or each refuses the other's tokens (a 401 that
 * looks like a sign-out). A gateway cannot see another's SESSION_SECRET, so each compares a keyed
 * digest of its own with the one the previous gateway left, warns when they differ, and leaves its own.
 */
async function compareWithOtherReplicas(store: StateStore, secret: Uint8Array, log: FastifyBaseLogger) {
  const fingerprint = createHmac('sha256', secret)
    .update('cloud-compile signing-secret fingerprint')
    .digest('base64url');
  const stored = await store.read(SIGNING_SECRET_FINGERPRINT_KEY);
  if (stored?.value === fingerprint) return;
  if (stored) log.warn(SECRET_MISMATCH_WARNING);
  await store.write(SIGNING_SECRET_FINGERPRINT_KEY, fingerprint, stored?.version ?? 0);
}

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
    const secret = new TextEncoder().encode(configured);
    if (store.kind !== 'memory') await compareWithOtherReplicas(store, secret, log);
    return secret;
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
      const secret = new Uint8Array(Buffer.from(kept.value, 'base64url'));
      await compareWithOtherReplicas(store, secret, log);
      return secret;
    }
    // Over "no document": of gateways starting at once, one writes and the others read its secret.
    await store.write(SIGNING_SECRET_KEY, randomBytes(32).toString('base64url'), 0);
  }
}
