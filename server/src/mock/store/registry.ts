import type { BuildRunner } from '../builds/runner.js';
import type { MockIdentity, MockSession } from '../session.js';
import { ApiError } from '../../errors.js';
import type { SeedData } from '../fixtures.js';
import type { Scope } from '../domain.js';
import { hashKey } from './api-keys.js';
import { Sandbox } from './sandbox.js';

export interface SandboxRegistryOptions {
  seed: SeedData;
  runner: BuildRunner;
  /** `user`: one state per user; `session`: one fresh copy of the fixtures per sign-in. */
  mode: 'user' | 'session';
  /** Session sandboxes unused for this long are dropped. */
  idleMs: number;
  fakerSeed: number;
  /** The gateway's start: fixture dates count back from it. */
  startedAt: Date;
  now?: () => number;
  /**
   * At most this many live sandboxes (MOCK_MAX_SANDBOXES). When full, sandboxes idle past `idleMs`
   * make room, then untouched ones (pristine fixture copies: nobody's work); if none is, a new one
   * is refused (503): an active visitor's work is never dropped. Default {@link MAX_SANDBOXES}.
   */
  maxSandboxes?: number;
  /**
   * At most this many live sandboxes created from one client address (MOCK_MAX_SANDBOXES_PER_ADDRESS),
   * so one address cannot fill the demo. Default: {@link maxSandboxes}.
   */
  maxSandboxesPerAddress?: number;
  /** A full {@link SandboxRegistry.reset} also puts the identity provider's users back to the fixtures. */
  identity?: Pick<MockIdentity, 'reset'>;
}

/** So a loop of sign-ins (a new session sandbox each) cannot grow memory without bound. */
export const MAX_SANDBOXES = 500;

interface Entry {
  sandbox: Sandbox;
  userId: string;
  email: string;
  lastUsed: number;
  /** The client address (clientKey) of the request that created it. */
  address: string;
  /** Written to (a request other than GET/HEAD/OPTIONS reached it): it may hold someone's work. */
  touched: boolean;
}

/** The request a sandbox is wanted for. */
export interface SandboxAccess {
  /** The client address (clientKey) it comes from. */
  address: string;
  /** Whether it may write (a request other than GET/HEAD/OPTIONS). */
  write: boolean;
}

/** Who an API key authenticates, with the scopes it carries. */
export interface KeyOwner {
  sandbox: Sandbox;
  userId: string;
  scopes: Scope[];
}

/**
 * All sandboxes, created on first use: per user by default, per sign-in with MOCK_SANDBOX=session
 * (a public demo: visitors never see each other's edits). Session sandboxes expire when idle;
 * `sweep` runs on every access and on the plugin's unref'd timer.
 */
export class SandboxRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Keys of sandboxes nobody has written to, oldest first. */
  private readonly untouched = new Set<string>();
  /** Keys of each address's sandboxes, least recently used first. */
  private readonly byAddress = new Map<string, Set<string>>();
  private readonly now: () => number;

  constructor(private readonly options: SandboxRegistryOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The sandbox of a signed-in session, created from the fixtures on first use. */
  forSession(session: MockSession, access: SandboxAccess = { address: '', write: false }): Sandbox {
    this.sweep();
    const key = this.options.mode === 'session' ? `session:${session.sessionId}` : `user:${session.user.id}`;
    let entry = this.entries.get(key);
    if (entry) {
      this.markUsed(key, entry);
    } else {
      this.makeRoom(access.address);
      const sandbox = new Sandbox({
        seed: this.options.seed,
        runner: this.options.runner,
        ownerEmail: session.user.email,
        fakerSeed: this.options.fakerSeed,
        startedAt: this.options.startedAt,
        sessionId: this.options.mode === 'session' ? session.sessionId : undefined,
      });
      entry = {
        sandbox,
        userId: session.user.id,
        email: session.user.email.toLowerCase(),
        lastUsed: 0,
        address: access.address,
        touched: false,
      };
      this.entries.set(key, entry);
      this.untouched.add(key);
      let own = this.byAddress.get(access.address);
      if (!own) this.byAddress.set(access.address, (own = new Set()));
      own.add(key);
    }
    if (access.write && !entry.touched) {
      entry.touched = true;
      this.untouched.delete(key);
    }
    entry.lastUsed = this.now();
    return entry.sandbox;
  }

  /** Map and Set order is least recently used first: a use moves the key to the end of both. */
  private markUsed(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    const own = this.byAddress.get(entry.address);
    if (own?.delete(key)) own.add(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.sandbox.close();
    this.entries.delete(key);
    this.untouched.delete(key);
    const own = this.byAddress.get(entry.address);
    own?.delete(key);
    if (own?.size === 0) this.byAddress.delete(entry.address);
  }

  /** The owner of an API key secret, or undefined when no live sandbox holds it (revoked, reset or expired). */
  findApiKey(secret: string): KeyOwner | undefined {
    this.sweep();
    const hash = hashKey(secret);
    for (const [key, entry] of this.entries) {
      const scopes = entry.sandbox.useApiKey(hash);
      if (scopes) {
        entry.lastUsed = this.now();
        this.markUsed(key, entry);
        return { sandbox: entry.sandbox, userId: entry.userId, scopes };
      }
    }
    return undefined;
  }

  /**
   * Before a new sandbox for `address`. Past the address's own cap, its oldest untouched sandbox
   * goes, else its least recently used idle one, else the new one is refused (503). When the
   * registry is full, sandboxes idle past `idleMs` go (least recently used first; in `user` mode
   * too, but only now, when the room is needed), then untouched ones (a pristine copy of the
   * fixtures holds nobody's work: its visitor gets a fresh one on the next request); when every
   * one holds work in use, refuses with 503 rather than drop it.
   */
  private makeRoom(address: string): void {
    this.makeRoomFor(address);
    const limit = this.options.maxSandboxes ?? MAX_SANDBOXES;
    if (this.entries.size < limit) return;
    this.dropIdle(this.entries.size - limit + 1);
    for (const key of this.untouched) {
      if (this.entries.size < limit) break;
      this.drop(key);
    }
    if (this.entries.size >= limit) {
      throw new ApiError(
        503,
        `The demo is full: it keeps at most ${limit} visitors' workspaces and every one is in use. Try again later; workspaces idle for ${Math.round(this.options.idleMs / 60_000)} minutes are freed.`,
      );
    }
  }

  private makeRoomFor(address: string): void {
    const limit = this.options.maxSandboxesPerAddress ?? this.options.maxSandboxes ?? MAX_SANDBOXES;
    const own = this.byAddress.get(address);
    if (!own || own.size < limit) return;
    const cutoff = this.now() - this.options.idleMs;
    // At most `limit` keys: an address's own set is bounded by this very cap.
    const spare =
      [...own].find((key) => !this.entries.get(key)!.touched) ??
      [...own].find((key) => this.entries.get(key)!.lastUsed < cutoff);
    if (spare !== undefined) return this.drop(spare);
    // 503 like a full demo (the contract documents it for every operation), with this address's own reason.
    throw new ApiError(
      503,
      `Too many workspaces from your address: at most ${limit} in use at once. Keep working in the ones you have, or try again once one has been idle for ${Math.round(this.options.idleMs / 60_000)} minutes.`,
    );
  }

  /**
   * Drops up to `count` sandboxes idle past `idleMs`. Map order is least recently used first (every
   * use moves an entry to the end), so this stops at the first active one: O(dropped), not O(all).
   */
  private dropIdle(count = Infinity): void {
    const cutoff = this.now() - this.options.idleMs;
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (dropped >= count || entry.lastUsed >= cutoff) return;
      this.drop(key);
      dropped++;
    }
  }

  /** Drops idle session sandboxes (per-user state stays until the room is needed, see {@link makeRoom}). */
  sweep(): void {
    if (this.options.mode === 'session') this.dropIdle();
  }

  /** Back to the fixtures: every sandbox (or only those of one user) is dropped and recreated on next use. */
  async reset(email?: string): Promise<number> {
    if (email === undefined) await this.options.identity?.reset();
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (email !== undefined && entry.email !== email.toLowerCase()) continue;
      this.drop(key);
      dropped++;
    }
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Stops this gateway's sandboxes; the identity provider's users stay (a shared store outlives a gateway). */
  close(): void {
    for (const key of this.entries.keys()) this.drop(key);
    this.options.runner.close();
  }
}
