import { describe, expect, it } from 'vitest';
import { IdentityError } from './users.js';
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
  const tokens = new TokenService({
    issuer: 'http://localhost:8080',
    audience: 'cloud-compile',
    accessTokenTtlSeconds: 60,
    refreshTokenTtlSeconds: 3600,
    now: () => now,
    maxSessions,
  });
  return { tokens, advance: (seconds: number) => (now += seconds * 1000) };
}

/** How many Map entries `run` iterates over (every `for … of` over a Map), to check a sweep's cost. */
function mapEntriesVisited(run: () => void): number {
  const original = Map.prototype[Symbol.iterator];
  let visited = 0;
  Map.prototype[Symbol.iterator] = function visit(this: Map<unknown, unknown>) {
    const iterator = original.call(this);
    return Object.assign(Object.create(iterator) as MapIterator<[unknown, unknown]>, {
      next: () => {
        const step = iterator.next();
        if (!step.done) visited++;
        return step;
      },
      [Symbol.iterator]() {
        return this;
      },
    });
  };
  try {
    run();
  } finally {
    Map.prototype[Symbol.iterator] = original;
  }
  return visited;
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
    expect(tokens.sessionCount).toBe(3);
    tokens.endSession(first.sessionId);
    await tokens.startSession(user, refreshable);
    advance(61); // the access-only session has run out
    await tokens.startSession(user, refreshable);
    expect(tokens.sessionCount).toBe(3);
  });

  it('a long session that refreshes every time keeps a few refresh records, not one per refresh', async () => {
    const { tokens, advance } = service();
    let issued = await tokens.startSession(user, refreshable);
    for (let i = 0; i < 50; i++) {
      advance(50);
      const redeemed = tokens.redeemRefreshToken(issued.refreshToken!);
      expect(redeemed.ok).toBe(true);
      if (!redeemed.ok) return;
      issued = await tokens.reissue(user, redeemed.sessionId, redeemed.options);
    }
    expect(tokens.refreshTokenCount).toBeLessThanOrEqual(3);
    // The token just spent is still told apart from an unknown one.
    expect(tokens.sessionCount).toBe(1);
  });

  it('pruning visits only what has expired, not every live session and refresh record', async () => {
    const { tokens, advance } = service();
    for (let i = 0; i < 300; i++) await tokens.startSession(user, refreshable);
    advance(1800);
    for (let i = 0; i < 300; i++) await tokens.startSession(user, i % 2 ? refreshable : accessOnly);
    expect(tokens.sessionCount).toBe(600);

    // Nothing has expired: a prune looks at the head of each expiry order and stops.
    expect(mapEntriesVisited(() => tokens.redeemRefreshToken('unknown'))).toBeLessThanOrEqual(3);

    advance(1801); // the first 300 (and the 150 access-only ones) have run out
    let visited = 0;
    visited = mapEntriesVisited(() => tokens.redeemRefreshToken('unknown'));
    expect(tokens.sessionCount).toBe(150);
    expect(tokens.refreshTokenCount).toBe(150);
    // Each expired session and refresh record once, plus the live head of each order.
    expect(visited).toBeLessThanOrEqual(300 + 300 + 150 + 3);
    expect(mapEntriesVisited(() => tokens.redeemRefreshToken('unknown'))).toBeLessThanOrEqual(3);
  });
});
