import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { MockUser } from '../session.js';
import type { StateStore } from '../state/state-store.js';
import {
  IDENTITY_KEYS as KEYS,
  SessionTable,
  type IssueOptions,
  type SessionEdits,
  type SessionRecord,
} from './sessions.js';
import { readJson } from '../state/stored-json.js';

export type { IssueOptions, SessionEdits, SessionRecord } from './sessions.js';

export interface TokenServiceOptions {
  /** Where sessions and refresh-token records live (app.mockStore), shared by every gateway on it. */
  store: StateStore;
  /** Signs and checks the HS256 tokens (see signing-secret.ts). Default: random, this instance's own. */
  secret?: Uint8Array;
  /** The `aud` claim: the OAuth client id. */
  audience: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Milliseconds since the epoch; injected so tests can move time without waiting. */
  now: () => number;
  /**
   * Live sign-ins at most (MOCK_MAX_SESSIONS). When full, the least recently used session idle
   * longer than `idleSeconds` is signed out to make room; when none is, a new sign-in is refused
   * with 503. Default: unbounded.
   */
  maxSessions?: number;
  /** How long unused a session must be before a full table may sign it out. Default: never. */
  idleSeconds?: number;
  /**
   * Live sign-ins per client address at most (MOCK_MAX_SESSIONS_PER_ADDRESS): a new one beyond
   * signs out that address's least recently used one, so one address cannot fill the table.
   */
  maxSessionsPerAddress?: number;
}

/**
 * Refresh-token records kept per session: the live one and the last few spent ones (so a reused
 * token is told apart from an unknown one). Older ones are forgotten, so a long session that
 * refreshes every hour does not pile up a record per refresh for the refresh-token lifetime.
 */
export const REFRESH_RECORDS_PER_SESSION = 3;

/** What one sign-in or refresh hands the browser. Times are Unix seconds. */
export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  accessTokenExpiresAt: number;
  idToken?: string;
  refreshToken?: string;
}

/** One refresh token, as stored (document `identity:refresh:<digest>`, gone after its lifetime). */
interface RefreshRecord {
  sessionId: string;
  expiresAt: number;
  used: boolean;
}

export type RefreshResult =
  | { ok: true; userId: string; sessionId: string; options: IssueOptions; edits?: SessionEdits }
  | { ok: false; reason: 'unknown' | 'used' | 'session-ended' };

/** A verified access token's subject and session. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
}

const ALGORITHM = 'HS256';

/**
 * The `iss` claim: one name for the mock identity provider, the same on every gateway. Not the
 * gateway's PUBLIC_URL: replicas reached at different addresses (README's two ports, each with its
 * own default PUBLIC_URL) are one provider, and an issuer per address made each refuse the other's
 * tokens (and a sign-in on one replaced the host's cookies, signing the browser out of the other).
 * A token stays bound to its deployment by the signing secret and by its session in the store.
 */
export const MOCK_ISSUER = 'urn:cloud-compile:mock-identity';

/** Stored by digest, so the store keeps no usable refresh token. */
function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The user as one sign-in sees it: the directory's user with the session's own edits. */
export function withEdits(user: MockUser, edits: SessionEdits | undefined): MockUser {
  return edits ? { ...user, ...edits } : user;
}

/** Verified access tokens remembered at most (see {@link TokenService.verifyAccessTokenClaims}). */
const VERIFIED_TOKENS_MAX = 1_000;

/**
 * Sessions and their tokens. Access and id tokens are HS256 JWTs; sessions and refresh-token
 * records are in the state store, so any gateway on the same store (and a restarted one, with the
 * same secret) serves them. Refresh tokens are opaque, one-time: each refresh rotates them, and a
 * used one is refused, also when two gateways redeem it at once (a compare-and-set write decides).
 * Reuse does NOT end the session: every browser tab refreshes on its own timer, so two tabs racing
 * with the same cookie is normal, and the loser must not sign the winner out.
 */
export class TokenService {
  private readonly secret: Uint8Array;
  private readonly store: StateStore;
  readonly sessions: SessionTable;
  /** Access tokens whose signature and claims were checked, with their expiry (seconds). */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(private readonly options: TokenServiceOptions) {
    this.secret = options.secret ?? new Uint8Array(randomBytes(32));
    this.store = options.store;
    this.sessions = new SessionTable(options);
  }

  nowSeconds(): number {
    return this.sessions.nowSeconds();
  }

  /** A new sign-in: a new session id, kept across this session's refreshes. */
  async startSession(user: MockUser, options: IssueOptions, address = ''): Promise<IssuedTokens> {
    await this.sessions.admit(address);
    const fresh: SessionRecord = { userId: user.id, options, expiresAt: 0, refreshDigests: [], address };
    return this.issue(user, randomUUID(), options, fresh);
  }

  /** Whether the user has a live sign-in. */
  hasLiveSession(userId: string): Promise<boolean> {
    return this.sessions.hasLiveSession(userId);
  }

  /**
   * Checks and spends a refresh token. On success the caller issues new tokens with
   * {@link reissue}; the spent token stays recorded as used until it would have expired. Of two
   * redemptions of one token at once (two gateways), exactly one succeeds: the write marking it
   * used names the version read, so the second finds it used.
   */
  async redeemRefreshToken(refreshToken: string): Promise<RefreshResult> {
    await this.sessions.prune(); // ended sessions' tokens are then simply unknown
    const key = KEYS.refresh(digest(refreshToken));
    for (;;) {
      const stored = await readJson<RefreshRecord>(this.store, key);
      const record = stored?.value;
      if (!stored || !record || record.expiresAt <= this.nowSeconds()) return { ok: false, reason: 'unknown' };
      if (record.used) return { ok: false, reason: 'used' };
      const session = await this.sessions.read(record.sessionId);
      if (!session) return { ok: false, reason: 'session-ended' };
      const ttlMs = Math.max(1, record.expiresAt * 1000 - this.options.now());
      const spent = await this.store.write(key, JSON.stringify({ ...record, used: true }), stored.version, { ttlMs });
      if (spent === null) continue; // another gateway wrote first: read again (now used, or gone)
      const { userId, options, edits } = session;
      return { ok: true, userId, sessionId: record.sessionId, options, edits };
    }
  }

  /** New tokens for an existing session (after a redeemed refresh token). */
  reissue(user: MockUser, sessionId: string, options: IssueOptions): Promise<IssuedTokens> {
    return this.issue(user, sessionId, options);
  }

  /**
   * The subject and session of a valid, unexpired access token (the signature only: no store read).
   * Tokens verified before are remembered until they expire: the browser sends the same token with
   * every request, and checking its signature again (key import, HMAC, claims) was a large share of
   * a mock API request. The session is still read from the store by the caller ({@link sessionOf}),
   * so a sign-out holds at once.
   */
  async verifyAccessTokenClaims(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > this.nowSeconds()) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALGORITHM],
        issuer: MOCK_ISSUER,
        audience: this.options.audience,
        currentDate: new Date(this.options.now()),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        typ: 'at+jwt',
      });
      const sessionId = payload.sid;
      if (typeof sessionId !== 'string' || typeof payload.sub !== 'string') return null;
      const claims = { userId: payload.sub, sessionId };
      // Oldest first out: a burst of sign-ins cannot grow this past its bound.
      if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAt: payload.exp! });
      return claims;
    } catch {
      return null;
    }
  }

  /** The live session verified claims name (one store read), its use recorded; null when it has ended. */
  async sessionOf(claims: AccessClaims): Promise<SessionRecord | null> {
    const session = await this.sessions.read(claims.sessionId);
    if (!session || session.userId !== claims.userId) return null;
    await this.sessions.used(claims.sessionId, session);
    return session;
  }

  /** The session of a valid, unexpired access token of a live session; null for anything else. */
  async verifyAccessToken(token: string): Promise<(AccessClaims & { session: SessionRecord }) | null> {
    const claims = await this.verifyAccessTokenClaims(token);
    const session = claims && (await this.sessionOf(claims));
    return claims && session ? { ...claims, session } : null;
  }

  /** Sign-out: the session's access and refresh tokens stop working at once, and are forgotten. */
  endSession(sessionId: string): Promise<void> {
    return this.sessions.end(sessionId);
  }

  /** Records a change for this session only; forgotten with the session. Null when it has ended. */
  editSession(sessionId: string, edits: SessionEdits): Promise<SessionRecord | null> {
    return this.sessions.write(
      sessionId,
      (current) => current && { ...current, edits: { ...current.edits, ...edits } },
    );
  }

  /** Undoes every session's edits (a full mock reset). */
  clearSessionEdits(): Promise<void> {
    return this.sessions.clearEdits();
  }

  /** The session a refresh token belongs to (used or not), to sign out without an access token. */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const stored = await readJson<RefreshRecord>(this.store, KEYS.refresh(digest(refreshToken)));
    return stored && stored.value.expiresAt > this.nowSeconds() ? stored.value.sessionId : undefined;
  }

  /**
   * Signs the tokens and records them: a new refresh-token record (the oldest beyond
   * {@link REFRESH_RECORDS_PER_SESSION} forgotten) and the session's later expiry. `fresh`: the
   * record of a session being created; without, the stored session is updated (and when it has
   * ended meanwhile, no refresh token is handed out).
   */
  private async issue(
    user: MockUser,
    sessionId: string,
    options: IssueOptions,
    fresh?: SessionRecord,
  ): Promise<IssuedTokens> {
    const issuedAt = this.nowSeconds();
    const accessTokenExpiresAt = issuedAt + this.options.accessTokenTtlSeconds;
    const sign = (claims: Record<string, unknown>, typ: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ })
        .setSubject(user.id)
        .setIssuer(MOCK_ISSUER)
        .setAudience(this.options.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(accessTokenExpiresAt)
        .setJti(randomUUID())
        .sign(this.secret);

    const accessToken = await sign({ email: user.email, sid: sessionId, roles: user.roles }, 'at+jwt');
    const idToken = options.withIdToken
      ? await sign({ email: user.email, email_verified: user.email_verified, name: user.name, sid: sessionId }, 'JWT')
      : undefined;

    let refreshToken: string | undefined;
    let newDigest: string | undefined;
    if (options.refreshable) {
      refreshToken = randomBytes(32).toString('base64url');
      newDigest = digest(refreshToken);
      const record: RefreshRecord = {
        sessionId,
        expiresAt: issuedAt + this.options.refreshTokenTtlSeconds,
        used: false,
      };
      await this.store.write(KEYS.refresh(newDigest), JSON.stringify(record), 0, {
        ttlMs: this.options.refreshTokenTtlSeconds * 1000,
      });
    }
    const lastExpiry = options.refreshable ? issuedAt + this.options.refreshTokenTtlSeconds : accessTokenExpiresAt;
    let forgotten: string[] = [];
    const session = await this.sessions.write(sessionId, (current) => {
      const base = fresh ?? current;
      if (!base) return null;
      const refreshDigests = newDigest ? [...base.refreshDigests, newDigest] : [...base.refreshDigests];
      forgotten = refreshDigests.splice(0, refreshDigests.length - REFRESH_RECORDS_PER_SESSION);
      return { ...base, refreshDigests, expiresAt: Math.max(base.expiresAt, lastExpiry) };
    });
    if (!session) {
      // Signed out meanwhile (another tab or gateway): the new refresh token never becomes usable.
      if (newDigest) await this.store.remove(KEYS.refresh(newDigest));
      return { sessionId, accessToken, accessTokenExpiresAt, idToken };
    }
    if (forgotten.length > 0) await this.store.remove(...forgotten.map(KEYS.refresh));
    await this.sessions.issued(sessionId, session);
    return { sessionId, accessToken, accessTokenExpiresAt, idToken, refreshToken };
  }

  /** Live sessions (expired ones not yet pruned included), for tests and diagnostics. */
  sessionCount(): Promise<number> {
    return this.sessions.count();
  }
}
