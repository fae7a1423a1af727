import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { MockUser } from '../session.js';
import { ExpiryOrder } from './expiry-order.js';
import { IdentityError } from './users.js';

export interface TokenServiceOptions {
  /** The `iss` claim: the gateway's public URL. */
  issuer: string;
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
const REFRESH_RECORDS_PER_SESSION = 3;

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
  /** Digests of this session's refresh-token records, oldest first (at most {@link REFRESH_RECORDS_PER_SESSION}). */
  refreshDigests: string[];
  /** The client address it signed in from (see clientKey). */
  address: string;
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
  /**
   * Expiry order of sessions, one per kind: a refreshable session lives the refresh-token lifetime
   * from its last refresh, another the access-token lifetime, so within each order later touches
   * expire later. Refresh records all live one lifetime from issue: their Map's order is theirs.
   */
  private readonly sessionExpiry = { refreshable: new ExpiryOrder(), accessOnly: new ExpiryOrder() };
  /**
   * When each session was last used (sign-in, refresh, an authenticated request; Unix seconds), least
   * recently used first: every use moves it to the end, so a full table finds its idlest in O(1).
   */
  private readonly lastUse = new Map<string, number>();
  /** Each client address's sessions, least recently used first. */
  private readonly byAddress = new Map<string, Set<string>>();
  /** Live sessions per user, so a registration with none left can be forgotten. */
  private readonly perUser = new Map<string, number>();

  constructor(private readonly options: TokenServiceOptions) {}

  nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /** A new sign-in: a new session id, kept across this session's refreshes. */
  async startSession(user: MockUser, options: IssueOptions, address = ''): Promise<IssuedTokens> {
    this.prune();
    this.makeRoom(address);
    const sessionId = randomUUID();
    this.sessions.set(sessionId, { userId: user.id, options, expiresAt: 0, refreshDigests: [], address });
    this.perUser.set(user.id, (this.perUser.get(user.id) ?? 0) + 1);
    let own = this.byAddress.get(address);
    if (!own) this.byAddress.set(address, (own = new Set()));
    own.add(sessionId);
    return this.issue(user, sessionId, options);
  }

  /**
   * Before a new sign-in from `address`: beyond its own cap, that address's least recently used
   * session is signed out (the visitor's current sign-in is the new one, so it keeps working); when
   * the whole table is full, the least recently used session idle past `idleSeconds` goes; when
   * every one is in use, the sign-in is refused and nobody is signed out.
   */
  private makeRoom(address: string): void {
    const perAddress = this.options.maxSessionsPerAddress;
    const own = this.byAddress.get(address);
    if (perAddress !== undefined && own) {
      for (const sessionId of own) {
        if (own.size < perAddress) break;
        this.endSession(sessionId);
      }
    }
    const max = this.options.maxSessions;
    if (max === undefined || this.sessions.size < max) return;
    const idleSeconds = this.options.idleSeconds;
    const idlest = this.lastUse.entries().next();
    if (idleSeconds !== undefined && !idlest.done && idlest.value[1] <= this.nowSeconds() - idleSeconds) {
      this.endSession(idlest.value[0]);
      return;
    }
    throw new IdentityError(
      503,
      `This demo is full: at most ${max} people can be signed in at once. Try again later, when some sign-ins have ended.`,
    );
  }

  /** Records a use of the session (O(1)): it moves to the end of the idle orders. */
  private markUsed(sessionId: string, address: string): void {
    this.lastUse.delete(sessionId);
    this.lastUse.set(sessionId, this.nowSeconds());
    const own = this.byAddress.get(address);
    if (own?.delete(sessionId)) own.add(sessionId);
  }

  /** Whether the user has a live sign-in. */
  hasLiveSession(userId: string): boolean {
    return this.perUser.has(userId);
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
      this.markUsed(sessionId, session.address);
      return { userId: payload.sub, sessionId };
    } catch {
      return null;
    }
  }

  /** Sign-out: the session's access and refresh tokens stop working at once, and are forgotten. */
  endSession(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    this.orderOf(session).delete(sessionId);
    this.lastUse.delete(sessionId);
    const own = this.byAddress.get(session.address);
    own?.delete(sessionId);
    if (own?.size === 0) this.byAddress.delete(session.address);
    const count = (this.perUser.get(session.userId) ?? 1) - 1;
    if (count > 0) this.perUser.set(session.userId, count);
    else this.perUser.delete(session.userId);
    for (const key of session.refreshDigests) this.refreshTokens.delete(key);
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
      ? await sign({ email: user.email, email_verified: user.email_verified, name: user.name, sid: sessionId }, 'JWT')
      : undefined;
    const session = this.sessions.get(sessionId);
    let refreshToken: string | undefined;
    if (options.refreshable && session) {
      refreshToken = randomBytes(32).toString('base64url');
      const key = digest(refreshToken);
      this.refreshTokens.set(key, {
        sessionId,
        expiresAt: issuedAt + this.options.refreshTokenTtlSeconds,
        used: false,
      });
      session.refreshDigests.push(key);
      for (const old of session.refreshDigests.splice(0, session.refreshDigests.length - REFRESH_RECORDS_PER_SESSION)) {
        this.refreshTokens.delete(old);
      }
    }
    if (session) {
      const lastExpiry = options.refreshable ? issuedAt + this.options.refreshTokenTtlSeconds : accessTokenExpiresAt;
      session.expiresAt = Math.max(session.expiresAt, lastExpiry);
      this.orderOf(session).touch(sessionId, session.expiresAt);
      this.markUsed(sessionId, session.address);
    }
    return { sessionId, accessToken, accessTokenExpiresAt, idToken, refreshToken };
  }

  private orderOf(session: SessionRecord): ExpiryOrder {
    return session.options.refreshable ? this.sessionExpiry.refreshable : this.sessionExpiry.accessOnly;
  }

  /**
   * Forgets tokens and sessions past their lifetime, so memory does not grow with every sign-in.
   * Runs on every sign-in and refresh, so it visits only what has expired (both stores are kept in
   * expiry order), never every live session.
   */
  private prune(): void {
    const now = this.nowSeconds();
    for (const [key, record] of this.refreshTokens) {
      if (record.expiresAt > now) break;
      this.refreshTokens.delete(key);
      const session = this.sessions.get(record.sessionId);
      if (session) session.refreshDigests = session.refreshDigests.filter((d) => d !== key);
    }
    for (const order of Object.values(this.sessionExpiry)) {
      for (const sessionId of order.takeExpired(now)) this.endSession(sessionId);
    }
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
