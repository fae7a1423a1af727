import type { MockUser } from '../session.js';
import type { StateStore } from '../state/state-store.js';
import { readJson, updateJson } from '../state/stored-json.js';
import { IdentityError } from './users.js';

/** What a sign-in asked for (its scope). */
export interface IssueOptions {
  /** `offline_access` in scope: the browser gets a refresh token. */
  refreshable: boolean;
  /** `openid` in scope: the browser gets an id token. */
  withIdToken: boolean;
}

/** A sign-in's own changes to its user (MOCK_SANDBOX=session), laid over the directory's user. */
export type SessionEdits = Partial<Pick<MockUser, 'name' | 'given_name' | 'family_name' | 'tos_accepted_version'>>;

/** One sign-in, as stored (document `identity:session:<id>`). Times are Unix seconds. */
export interface SessionRecord {
  userId: string;
  edits?: SessionEdits;
  options: IssueOptions;
  /** When the session's last token runs out: then it is forgotten (the document's TTL too). */
  expiresAt: number;
  /** Digests of this session's refresh-token records, oldest first (a few: see tokens.ts). */
  refreshDigests: string[];
  /** The client address it signed in from (see clientKey). */
  address: string;
}

/**
 * The identity provider's keys in the state store. Documents expire by themselves (TTL); the
 * scored sets are the orders the bounds need, each pruned from its low end, so in O(expired).
 */
export const IDENTITY_KEYS = {
  session: (sessionId: string) => `identity:session:${sessionId}`,
  refresh: (digest: string) => `identity:refresh:${digest}`,
  /** Every live session, scored by when it expires: its size is the table's, its low end the expired. */
  expiry: 'identity:sessions:expiry',
  /** Every live session, scored by its last use (see useScore): the low end is the least recently used. */
  lastUse: 'identity:sessions:last-use',
  /** One client address's sessions, scored by last use (see useScore). */
  address: (address: string) => `identity:sessions:address:${address}`,
  /** One user's sessions, scored by when they expire: whether a registration holds a live sign-in. */
  user: (userId: string) => `identity:sessions:user:${userId}`,
};
const KEYS = IDENTITY_KEYS;

/**
 * A use of a session (an authenticated request) moves it in the last-use orders at most this often
 * per session and gateway, so the hot path (every API request) is one read, not three writes. The
 * idle bound (MOCK_SANDBOX_IDLE_MINUTES) is minutes, so an order 10 s behind changes nothing.
 * Sign-ins and refreshes always record their use.
 */
export const TOUCH_EVERY_SECONDS = 10;
/** The throttle's memory: past this many sessions it starts over (a few extra touches, no growth). */
const TOUCHES_REMEMBERED = 10_000;
/** Expired sessions ended per store round trip while pruning. */
const PRUNE_BATCH = 100;

export interface SessionTableOptions {
  store: StateStore;
  /** Milliseconds since the epoch (injected in tests). */
  now: () => number;
  /** See TokenServiceOptions. */
  maxSessions?: number;
  idleSeconds?: number;
  maxSessionsPerAddress?: number;
}

/**
 * The sign-in table in the state store, shared by every gateway on it. Writes name the version
 * they read (compare-and-set), so two gateways changing one session never lose either change.
 * The bounds are checked, then the session is written: two gateways admitting at the same instant
 * may both pass, so the table may exceed MOCK_MAX_SESSIONS by at most the number of gateways.
 */
export class SessionTable {
  private readonly store: StateStore;
  /** When this gateway last recorded a use of each session (Unix seconds): the touch throttle. */
  private readonly lastTouch = new Map<string, number>();
  /** The last use score this gateway gave. */
  private lastUseScore = 0;

  constructor(private readonly options: SessionTableOptions) {
    this.store = options.store;
  }

  nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /** The live session, or null (never was, ended, or past its time even if the store still holds it). */
  async read(sessionId: string): Promise<SessionRecord | null> {
    const stored = await readJson<SessionRecord>(this.store, KEYS.session(sessionId));
    return stored && stored.value.expiresAt > this.nowSeconds() ? stored.value : null;
  }

  /**
   * Changes (or, from null, creates) a session: `change` gets the live record or null and returns
   * the new one, or null to leave it. The document lives until the record's `expiresAt`.
   */
  async write(
    sessionId: string,
    change: (current: SessionRecord | null) => SessionRecord | null,
  ): Promise<SessionRecord | null> {
    const now = this.options.now();
    const written = await updateJson<SessionRecord>(this.store, KEYS.session(sessionId), (current) => {
      const live = current && current.value.expiresAt * 1000 > now ? current.value : null;
      const next = change(live);
      return next && { value: next, options: { ttlMs: Math.max(1, next.expiresAt * 1000 - now) } };
    });
    return written?.value ?? null;
  }

  /**
   * After a sign-in or refresh wrote the session: its place in every order. Should another gateway
   * have signed it out meanwhile (it removes the document, then the orders), the read after scoring
   * sees the document gone and takes the entries back out, so no order keeps a ghost.
   */
  async issued(sessionId: string, session: SessionRecord): Promise<void> {
    await Promise.all([
      this.store.score(KEYS.expiry, sessionId, session.expiresAt),
      this.store.score(KEYS.user(session.userId), sessionId, session.expiresAt),
      this.touch(sessionId, session.address),
    ]);
    if ((await this.store.version(KEYS.session(sessionId))) === 0) {
      await this.end(sessionId, KEYS.address(session.address), KEYS.user(session.userId));
    }
  }

  /** An authenticated request used the session: recorded at most every {@link TOUCH_EVERY_SECONDS}. */
  async used(sessionId: string, session: SessionRecord): Promise<void> {
    const last = this.lastTouch.get(sessionId);
    if (last !== undefined && this.nowSeconds() - last < TOUCH_EVERY_SECONDS) return;
    await this.touch(sessionId, session.address);
  }

  /**
   * The last-use orders' score: the time in milliseconds, but strictly increasing within this
   * gateway (uses in the same millisecond, or on a clock tests hold still, are told apart by
   * 1/1024 ms steps), so the least recently used is the one used first, not a tie broken by id.
   */
  private useScore(): number {
    this.lastUseScore = Math.max(this.options.now(), this.lastUseScore + 1 / 1024);
    return this.lastUseScore;
  }

  private async touch(sessionId: string, address: string): Promise<void> {
    if (this.lastTouch.size >= TOUCHES_REMEMBERED) this.lastTouch.clear();
    this.lastTouch.set(sessionId, this.nowSeconds());
    const score = this.useScore();
    await Promise.all([
      this.store.score(KEYS.lastUse, sessionId, score),
      this.store.score(KEYS.address(address), sessionId, score),
    ]);
  }

  /**
   * Sign-out: the session and its refresh-token records are forgotten at once. `alsoIn`: orders the
   * caller knows it is in, cleaned even when the session itself is already gone.
   */
  async end(sessionId: string, ...alsoIn: string[]): Promise<void> {
    const stored = await readJson<SessionRecord>(this.store, KEYS.session(sessionId));
    const session = stored?.value;
    this.lastTouch.delete(sessionId);
    const orders = new Set([KEYS.expiry, KEYS.lastUse, ...alsoIn]);
    if (session) {
      orders.add(KEYS.address(session.address));
      orders.add(KEYS.user(session.userId));
    }
    await this.store.remove(KEYS.session(sessionId), ...(session?.refreshDigests ?? []).map(KEYS.refresh));
    await Promise.all([...orders].map((order) => this.store.unscore(order, sessionId)));
  }

  /**
   * Ends sessions past their time, lowest expiry first, stopping at the first live one: it visits
   * only what has expired, never every live session. Runs before every sign-in and refresh.
   */
  async prune(): Promise<void> {
    const now = this.nowSeconds();
    for (;;) {
      const batch = await this.store.lowest(KEYS.expiry, PRUNE_BATCH);
      const expired = batch.filter((entry) => entry.score <= now);
      for (const { member } of expired) await this.end(member);
      if (expired.length < PRUNE_BATCH) return;
    }
  }

  /**
   * Before a new sign-in from `address`: beyond its own cap, that address's least recently used
   * session is signed out (the visitor's current sign-in is the new one, so it keeps working); when
   * the whole table is full, the least recently used session idle past `idleSeconds` goes; when
   * every one is in use, the sign-in is refused (503) and nobody is signed out.
   */
  async admit(address: string): Promise<void> {
    await this.prune();
    const perAddress = this.options.maxSessionsPerAddress;
    if (perAddress !== undefined) {
      const own = KEYS.address(address);
      while ((await this.store.count(own)) >= perAddress) {
        const [oldest] = await this.store.lowest(own, 1);
        if (!oldest) break;
        await this.end(oldest.member, own);
      }
    }
    const max = this.options.maxSessions;
    while (max !== undefined && (await this.store.count(KEYS.expiry)) >= max) {
      const [idlest] = await this.store.lowest(KEYS.lastUse, 1);
      const idleSeconds = this.options.idleSeconds;
      if (idlest && !(await this.read(idlest.member))) {
        await this.end(idlest.member); // a leftover of a session another gateway ended meanwhile
        continue;
      }
      if (idlest && idleSeconds !== undefined && idlest.score <= this.options.now() - idleSeconds * 1000) {
        await this.end(idlest.member);
        return;
      }
      throw new IdentityError(
        503,
        `This demo is full: at most ${max} people can be signed in at once. Try again later, when some sign-ins have ended.`,
      );
    }
  }

  /** Whether the user has a live sign-in (their expired ones are ended on the way: O(expired)). */
  async hasLiveSession(userId: string): Promise<boolean> {
    const own = KEYS.user(userId);
    for (;;) {
      const [soonest] = await this.store.lowest(own, 1);
      if (!soonest) return false;
      if (soonest.score > this.nowSeconds()) return true;
      await this.end(soonest.member, own);
    }
  }

  /** Undoes every session's edits (a full mock reset): visits every live session, once. */
  async clearEdits(): Promise<void> {
    const all = await this.store.lowest(KEYS.expiry, await this.store.count(KEYS.expiry));
    for (const { member } of all) {
      await this.write(member, (current) => {
        if (!current?.edits) return null;
        const { edits: _dropped, ...rest } = current;
        return rest;
      });
    }
  }

  /** Live sessions (expired ones not yet pruned included), for tests and diagnostics. */
  count(): Promise<number> {
    return this.store.count(KEYS.expiry);
  }
}
