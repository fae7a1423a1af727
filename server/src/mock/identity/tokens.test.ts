import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { CountingStore } from '../../../test/helpers/counting-store.js';
import { MOCK_ISSUER, TokenService } from './tokens.js';

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
const full = { refreshable: true, withIdToken: true };

function service(ttl = 60) {
  let now = Date.UTC(2026, 0, 1);
  const store = new CountingStore(() => now);
  const tokens = new TokenService({
    store,
    audience: 'cloud-compile',
    accessTokenTtlSeconds: ttl,
    refreshTokenTtlSeconds: 3600,
    now: () => now,
  });
  return {
    tokens,
    advance: (seconds: number) => (now += seconds * 1000),
    refreshRecords: () => store.liveDocuments('identity:refresh:'),
  };
}

describe('TokenService', () => {
  it('issues an HS256 access token with the agreed claims', async () => {
    const { tokens } = service();
    const issued = await tokens.startSession(user, full);
    expect(decodeProtectedHeader(issued.accessToken)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(issued.accessToken);
    expect(claims).toMatchObject({
      sub: 'user-1',
      email: 'ada@example.com',
      sid: issued.sessionId,
      iss: MOCK_ISSUER,
      aud: 'cloud-compile',
      iat: Date.UTC(2026, 0, 1) / 1000,
      exp: Date.UTC(2026, 0, 1) / 1000 + 60,
    });
    expect(issued.accessTokenExpiresAt).toBe(claims.exp);
    expect(decodeJwt(issued.idToken!)).toMatchObject({ sub: 'user-1', name: 'Ada', aud: 'cloud-compile' });
  });

  it('verifies until expiry, not after', async () => {
    const { tokens, advance } = service(60);
    const { accessToken, sessionId } = await tokens.startSession(user, full);
    expect(await tokens.verifyAccessToken(accessToken)).toMatchObject({ userId: 'user-1', sessionId });
    advance(59);
    expect(await tokens.verifyAccessToken(accessToken)).not.toBeNull();
    advance(1);
    expect(await tokens.verifyAccessToken(accessToken)).toBeNull();
  });

  it('refuses tokens signed with another secret', async () => {
    const a = service().tokens;
    const b = service().tokens;
    const { accessToken } = await a.startSession(user, full);
    expect(await b.verifyAccessToken(accessToken)).toBeNull();
  });

  it('refuses an id token presented as an access token', async () => {
    const { tokens } = service();
    const { idToken } = await tokens.startSession(user, full);
    expect(await tokens.verifyAccessToken(idToken!)).toBeNull();
  });

  it('rotates refresh tokens: each works once, the session id stays', async () => {
    const { tokens } = service();
    const first = await tokens.startSession(user, full);
    const redeemed = await tokens.redeemRefreshToken(first.refreshToken!);
    expect(redeemed).toEqual({ ok: true, userId: 'user-1', sessionId: first.sessionId, options: full });
    expect(await tokens.redeemRefreshToken(first.refreshToken!)).toEqual({ ok: false, reason: 'used' });
    const second = await tokens.reissue(user, first.sessionId, full);
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // Reuse of the first did not revoke the family.
    expect((await tokens.redeemRefreshToken(second.refreshToken!)).ok).toBe(true);
    expect((await tokens.redeemRefreshToken('made-up')).ok).toBe(false);
  });

  it('forgets refresh tokens after their lifetime', async () => {
    const { tokens, advance } = service();
    const { refreshToken } = await tokens.startSession(user, full);
    advance(3600);
    expect(await tokens.redeemRefreshToken(refreshToken!)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('ending a session stops its access and refresh tokens', async () => {
    const { tokens, refreshRecords } = service();
    const a = await tokens.startSession(user, full);
    const b = await tokens.startSession(user, full);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(await tokens.sessionOfRefreshToken(a.refreshToken!)).toBe(a.sessionId);
    expect((await tokens.redeemRefreshToken(b.refreshToken!)).ok).toBe(true);
    await tokens.reissue(user, b.sessionId, full);
    expect(await refreshRecords()).toBe(3);
    // Verified once (the token is then remembered): the ended session still stops it.
    expect(await tokens.verifyAccessToken(a.accessToken)).not.toBeNull();
    await tokens.endSession(a.sessionId);
    expect(await tokens.verifyAccessToken(a.accessToken)).toBeNull();
    // Its refresh-token records go at once, not after their 30-day lifetime.
    expect(await refreshRecords()).toBe(2);
    expect(await tokens.redeemRefreshToken(a.refreshToken!)).toEqual({ ok: false, reason: 'unknown' });
    expect(await tokens.sessionOfRefreshToken(a.refreshToken!)).toBeUndefined();
    expect(await tokens.verifyAccessToken(b.accessToken)).not.toBeNull();
    await tokens.endSession(b.sessionId);
    expect(await refreshRecords()).toBe(0);
  });

  it('forgets sessions once their last token has run out', async () => {
    const { tokens, advance } = service(60);
    await tokens.startSession(user, { refreshable: false, withIdToken: false });
    const long = await tokens.startSession(user, full);
    expect(await tokens.sessionCount()).toBe(2);
    advance(61);
    await tokens.startSession(user, full);
    expect(await tokens.sessionCount()).toBe(2); // the access-only session is gone
    advance(3600);
    expect((await tokens.redeemRefreshToken(long.refreshToken!)).ok).toBe(false);
    await tokens.startSession(user, full);
    expect(await tokens.sessionCount()).toBe(1);
  });

  it('gives no refresh or id token when the scope does not ask', async () => {
    const { tokens } = service();
    const issued = await tokens.startSession(user, { refreshable: false, withIdToken: false });
    expect(issued.refreshToken).toBeUndefined();
    expect(issued.idToken).toBeUndefined();
  });
});
