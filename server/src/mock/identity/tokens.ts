import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { MockUser } from '../session.js';

export interface TokenServiceOptions {
  /** The `iss` claim: the gateway's public URL. */
  issuer: string;
  /** The `aud` claim: the OAuth client id. */
  audience: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Milliseconds since the epoch; injected so tests can move time without waiting. */
  now: () => number;
}

/** What one sign-in or refresh hands the browser. Times are Unix seconds. */
export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  accessTokenExpiresAt: number;
  idToken?: string;
  refreshToken?: string;
}

export interface IssueOptions {
  /** `offline_access` in scope: the browser gets a refresh token. */
  refreshable: boolean;
  /** `openid` in scope: the browser gets an id token. */
  withIdToken: boolean;
}

/** A sign-in's own changes to its user (MOCK_SANDBOX=session), laid over the directory's user. */
export type SessionEdits = Partial<Pick<MockUser, 'name' | 'given_name' | 'family_name' | 'tos_accepted_version'>>;

interface SessionRecord {
  userId: string;
  edits?: SessionEdits;
  options: IssueOptions;
  /** When the session's last token runs out (Unix seconds): then it is forgotten. */
  expiresAt: number;
}

interface RefreshRecord {
  sessionId: string;
  expiresAt: number;
  used: boolean;
}

export type RefreshResult =
  | { ok: true; userId: string; sessionId: string; options: IssueOptions }
  | { ok: false; reason: 'unknown' | 'used' | 'session-ended' };

const ALGORITHM = 'HS256';

/** Stored by digest, so the server keeps no usable refresh token. */
function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Sessions and their tokens. Access and id tokens are HS256 JWTs under a secret made at start (a
 * restart signs everyone out). Refresh tokens are opaque, one-time: each refresh rotates them, and
 * a used one is refused. Reuse does NOT end the session: every browser tab refreshes on its own
 * timer, so two tabs racing with the same cookie is normal, and the loser must not sign the
 * winner out.
 */
export class TokenService {
  private readonly secret = new Uint8Array(randomBytes(32));
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();

  constructor(private readonly options: TokenServiceOptions) {}

  nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /** A new sign-in: a new session id, kept across this session's refreshes. */
  async startSession(user: MockUser, options: IssueOptions): Promise<IssuedTokens> {
    this.prune();
    const sessionId = randomUUID();
    this.sessions.set(sessionId, { userId: user.id, options, expiresAt: 0 });
    return this.issue(user, sessionId, options);
  }

  /**
   * Checks and spends a refresh token. On success the caller issues new tokens with
   * {@link reissue}; the spent token stays recorded as used until it would have expired.
   */
  redeemRefreshToken(refreshToken: string): RefreshResult {
    this.prune(); // expired tokens are then simply unknown
    const record = this.refreshTokens.get(digest(refreshToken));
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.used) return { ok: false, reason: 'used' };
    const session = this.sessions.get(record.sessionId);
    if (!session) return { ok: false, reason: 'session-ended' };
    record.used = true;
    return { ok: true, userId: session.userId, sessionId: record.sessionId, options: session.options };
  }

  /** New tokens for an existing session (after a redeemed refresh token). */
  reissue(user: MockUser, sessionId: string, options: IssueOptions): Promise<IssuedTokens> {
    return this.issue(user, sessionId, options);
  }

  /** The session of a valid, unexpired access token of a live session; null for anything else. */
  async verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALGORITHM],
        issuer: this.options.issuer,
        audience: this.options.audience,
        currentDate: new Date(this.options.now()),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        typ: 'at+jwt',
      });
      const sessionId = payload.sid;
      if (typeof sessionId !== 'string' || typeof payload.sub !== 'string') return null;
      const session = this.sessions.get(sessionId);
      if (!session || session.userId !== payload.sub) return null;
      return { userId: payload.sub, sessionId };
    } catch {
      return null;
    }
  }

  /** Sign-out: the session's access and refresh tokens stop working at once, and are forgotten. */
  endSession(sessionId: string): void {
    this.sessions.delete(sessionId);
    for (const [key, record] of this.refreshTokens) if (record.sessionId === sessionId) this.refreshTokens.delete(key);
  }

  /** The user as this session sees it: the directory's user with the session's own edits. */
  withSessionEdits(user: MockUser, sessionId: string): MockUser {
    const edits = this.sessions.get(sessionId)?.edits;
    return edits ? { ...user, ...edits } : user;
  }

  /** Records a change for this session only; forgotten with the session. False when it has ended. */
  editSession(sessionId: string, edits: SessionEdits): boolean {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    session.edits = { ...session.edits, ...edits };
    return true;
  }

  /** Undoes every session's edits (a full mock reset). */
  clearSessionEdits(): void {
    for (const session of this.sessions.values()) delete session.edits;
  }

  /** The session a refresh token belongs to (used or not), to sign out without an access token. */
  sessionOfRefreshToken(refreshToken: string): string | undefined {
    return this.refreshTokens.get(digest(refreshToken))?.sessionId;
  }

  private async issue(user: MockUser, sessionId: string, options: IssueOptions): Promise<IssuedTokens> {
    const issuedAt = this.nowSeconds();
    const accessTokenExpiresAt = issuedAt + this.options.accessTokenTtlSeconds;
    const sign = (claims: Record<string, unknown>, typ: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ })
        .setSubject(user.id)
        .setIssuer(this.options.issuer)
        .setAudience(this.options.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(accessTokenExpiresAt)
        .setJti(randomUUID())
        .sign(this.secret);

    const accessToken = await sign({ email: user.email, sid: sessionId, roles: user.roles }, 'at+jwt');
    const idToken = options.withIdToken
      ? await sign(
          { email: user.email, email_verified: user.email_verified, name: user.name, sid: sessionId },
          'JWT',
        )
      : undefined;
    let refreshToken: string | undefined;
    if (options.refreshable) {
      refreshToken = randomBytes(32).toString('base64url');
      this.refreshTokens.set(digest(refreshToken), {
        sessionId,
        expiresAt: issuedAt + this.options.refreshTokenTtlSeconds,
        used: false,
      });
    }
    const session = this.sessions.get(sessionId);
    if (session) {
      const lastExpiry = options.refreshable ? issuedAt + this.options.refreshTokenTtlSeconds : accessTokenExpiresAt;
      session.expiresAt = Math.max(session.expiresAt, lastExpiry);
    }
    return { sessionId, accessToken, accessTokenExpiresAt, idToken, refreshToken };
  }

  /** Forgets tokens and sessions past their lifetime, so memory does not grow with every sign-in. */
  private prune(): void {
    const now = this.nowSeconds();
    for (const [key, record] of this.refreshTokens) if (record.expiresAt <= now) this.refreshTokens.delete(key);
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
  }

  /** Live sessions, for tests and diagnostics. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Refresh-token records kept (used or not), for tests and diagnostics. */
  get refreshTokenCount(): number {
    return this.refreshTokens.size;
  }
}
