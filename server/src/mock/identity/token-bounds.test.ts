import { describe, expect, it } from 'vitest';
import { IdentityError } from './users.js';
import { CountingStore } from '../../../test/helpers/counting-store.js';
import { TokenService } from './tokens.js';

const user = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  given_name: 'Ada',
  family_name: '',
  email_verified: true,
  roles: ['user'],
  tos_accepted_version: 1,
};
const refreshable = { refreshable: true, withIdToken: false };
const accessOnly = { refreshable: false, withIdToken: false };

function service(maxSessions?: number) {
  let now = Date.UTC(2026, 0, 1);
  const store = new CountingStore(() => now);
  const tokens = new TokenService({
    store,
    audience: 'cloud-compile',
    accessTokenTtlSeconds: 60,
    refreshTokenTtlSeconds: 3600,
    now: () => now,
    maxSessions,
  });
  return { tokens, store, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('TokenService: sign-in state is bounded and swept in O(expired)', () => {
  it('holds at most maxSessions sessions: the next sign-in is refused with 503; an ended or expired one makes room', async () => {
    const { tokens, advance } = service(3);
    const first = await tokens.startSession(user, refreshable);
    await tokens.startSession(user, accessOnly);
    await tokens.startSession(user, refreshable);
    const refused = await tokens.startSession(user, refreshable).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdentityError);
    expect((refused as IdentityError).statusCode).toBe(503);
    expect((refused as IdentityError).message).toMatch(/^This demo is full: at most 3 people can be signed in at once/);
    expect(await tokens.sessionCount()).toBe(3);
    await tokens.endSession(first.sessionId);
    await tokens.startSession(user, refreshable);
    advance(61); // the access-only session has run out
    await tokens.startSession(user, refreshable);
    expect(await tokens.sessionCount()).toBe(3);
  });

  it('a long session that refreshes every time keeps a few refresh records, not one per refresh', async () => {
    const { tokens, store, advance } = service();
    let issued = await tokens.startSession(user, refreshable);
    for (let i = 0; i < 50; i++) {
      advance(50);
      const redeemed = await tokens.redeemRefreshToken(issued.refreshToken!);
      expect(redeemed.ok).toBe(true);
      if (!redeemed.ok) return;
      issued = await tokens.reissue(user, redeemed.sessionId, redeemed.options);
    }
    expect(await store.liveDocuments('identity:refresh:')).toBeLessThanOrEqual(3);
    // The token just spent is still told apart from an unknown one.
    expect(await tokens.sessionCount()).toBe(1);
  });

  it('pruning visits only what has expired, not every live session and refresh record', async () => {
    const { tokens, store, advance } = service();
    for (let i = 0; i < 300; i++) await tokens.startSession(user, refreshable);
    advance(1800);
    for (let i = 0; i < 300; i++) await tokens.startSession(user, i % 2 ? refreshable : accessOnly);
    expect(await tokens.sessionCount()).toBe(600);

    // Nothing has expired: a prune looks at the low end of the expiry order and stops (plus the token lookup).
    expect(await store.callsDuring(() => tokens.redeemRefreshToken('unknown'))).toBeLessThanOrEqual(3);

    advance(1801); // the first 300 (and the 150 access-only ones) have run out
    const calls = await store.callsDuring(() => tokens.redeemRefreshToken('unknown'));
    expect(await tokens.sessionCount()).toBe(150);
    expect(await store.liveDocuments('identity:refresh:')).toBe(150);
    expect(await store.liveDocuments('identity:session:')).toBe(150);
    // A few calls per expired session (read, remove, leave each order), none per live one.
    expect(calls).toBeLessThanOrEqual(450 * 7 + 10);
    expect(await store.callsDuring(() => tokens.redeemRefreshToken('unknown'))).toBeLessThanOrEqual(3);
  });
});
