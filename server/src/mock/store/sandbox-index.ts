import { ApiError } from '../../errors.js';
import type { StateStore } from '../state/state-store.js';

/** What the registry keeps of a sandbox beside its state. */
export interface SandboxMeta {
  userId: string;
  /** Lower case. */
  email: string;
  /** The client address (clientKey) of the request that created it. */
  address: string;
  /** Written to (a request other than GET/HEAD/OPTIONS reached it): it may hold someone's work. */
  touched: boolean;
}

export interface SandboxIndexOptions {
  idleMs: number;
  maxSandboxes: number;
  maxSandboxesPerAddress: number;
  /** Drops a sandbox with everything it kept; its meta, or undefined when it was gone already. */
  drop(key: string): Promise<SandboxMeta | undefined>;
}

/** A use is recorded at most this often per sandbox and gateway: idle times are minutes, not milliseconds. */
const MARK_USED_EVERY_MS = 1_000;

const ALL = 'sandboxes';
const UNTOUCHED = 'sandboxes:untouched';
const byAddress = (address: string) => `sandboxes:address:${address}`;
const byEmail = (email: string) => `sandboxes:email:${email}`;

/**
 * The orders the demo's bounds need, kept in the state store beside the sandboxes (so every
 * gateway sees the same): all sandboxes and each address's by last use, the untouched ones by
 * creation, each user's. Making room and sweeping visit only what they drop, never every sandbox.
 */
export class SandboxIndex {
  private readonly lastMarked = new Map<string, number>();

  constructor(
    private readonly store: StateStore,
    private readonly now: () => number,
    private readonly options: SandboxIndexOptions,
  ) {}

  async added(key: string, meta: SandboxMeta): Promise<void> {
    const now = this.now();
    await this.store.score(ALL, key, now);
    await this.store.score(UNTOUCHED, key, now);
    await this.store.score(byAddress(meta.address), key, now);
    await this.store.score(byEmail(meta.email), key, now);
    this.lastMarked.set(key, now);
  }

  /** Records a use (moves it to the end of the idle orders); a write makes it "touched". */
  async markUsed(key: string, meta: SandboxMeta, write: boolean): Promise<void> {
    const now = this.now();
    if (!write && now - (this.lastMarked.get(key) ?? -Infinity) < MARK_USED_EVERY_MS) return;
    if (this.lastMarked.size >= 10_000) this.lastMarked.clear();
    this.lastMarked.set(key, now);
    await this.store.score(ALL, key, now);
    await this.store.score(byAddress(meta.address), key, now);
  }

  async touched(key: string): Promise<void> {
    await this.store.unscore(UNTOUCHED, key);
  }

  size(): Promise<number> {
    return this.store.count(ALL);
  }

  /**
   * Before a new sandbox for `address`. Past the address's own cap, its oldest untouched sandbox
   * goes, else its least recently used idle one, else the new one is refused (503). When the
   * registry is full, sandboxes idle past `idleMs` go (least recently used first; in `user` mode
   * too, but only now, when the room is needed), then untouched ones (a pristine copy of the
   * fixtures holds nobody's work: its visitor gets a fresh one on the next request); when every
   * one holds work in use, refuses with 503 rather than drop it.
   */
  async makeRoom(address: string): Promise<void> {
    await this.makeRoomFor(address);
    const limit = this.options.maxSandboxes;
    let size = await this.size();
    if (size < limit) return;
    size -= await this.dropIdle(size - limit + 1);
    if (size >= limit) {
      for (const { member } of await this.store.lowest(UNTOUCHED, size - limit + 1)) {
        if (await this.drop(member)) size--;
      }
    }
    if (size >= limit) {
      throw new ApiError(
        503,
        `The demo is full: it keeps at most ${limit} visitors' workspaces and every one is in use. Try again later; workspaces idle for ${this.idleMinutes()} minutes are freed.`,
      );
    }
  }

  private async makeRoomFor(address: string): Promise<void> {
    const limit = this.options.maxSandboxesPerAddress;
    if ((await this.store.count(byAddress(address))) < limit) return;
    // At most `limit` (plus a few racing) members: an address's own set is bounded by this very cap.
    const own = await this.store.lowest(byAddress(address), limit + 10);
    for (const { member } of own) {
      if ((await this.store.scoreOf(UNTOUCHED, member)) !== null && (await this.drop(member))) return;
    }
    const cutoff = this.now() - this.options.idleMs;
    for (const { member, score } of own) if (score < cutoff && (await this.drop(member))) return;
    // 503 like a full demo (the contract documents it for every operation), with this address's own reason.
    throw new ApiError(
      503,
      `Too many workspaces from your address: at most ${limit} in use at once. Keep working in the ones you have, or try again once one has been idle for ${this.idleMinutes()} minutes.`,
    );
  }

  /**
   * Drops up to `count` sandboxes idle past `idleMs`, least recently used first, stopping at the
   * first active one: O(dropped), not O(all). Returns how many went.
   */
  async dropIdle(count = Infinity): Promise<number> {
    const cutoff = this.now() - this.options.idleMs;
    let dropped = 0;
    while (dropped < count) {
      const batch = await this.store.lowest(ALL, Math.min(100, count - dropped));
      const idle = batch.filter(({ score }) => score < cutoff);
      for (const { member } of idle) if (await this.drop(member)) dropped++;
      if (idle.length < batch.length || batch.length === 0) break;
    }
    return dropped;
  }

  /** Drops every sandbox (or one user's); returns how many went. */
  async dropAll(email?: string): Promise<number> {
    const set = email === undefined ? ALL : byEmail(email.toLowerCase());
    let dropped = 0;
    for (;;) {
      const batch = await this.store.lowest(set, 100);
      if (batch.length === 0) return dropped;
      for (const { member } of batch) if (await this.drop(member)) dropped++;
    }
  }

  /** Drops one sandbox and its index entries; false when it was gone already. */
  private async drop(key: string): Promise<boolean> {
    const meta = await this.options.drop(key);
    await this.store.unscore(ALL, key);
    await this.store.unscore(UNTOUCHED, key);
    this.lastMarked.delete(key);
    if (!meta) return false;
    await this.store.unscore(byAddress(meta.address), key);
    await this.store.unscore(byEmail(meta.email), key);
    return true;
  }

  private idleMinutes(): number {
    return Math.round(this.options.idleMs / 60_000);
  }
}
