import type { BuildRunner } from '../builds/runner.js';
import type { MockIdentity, MockSession } from '../session.js';
import { ApiError } from './errors.js';
import type { SeedData } from './fixtures.js';
import { hashKey, Sandbox, type Scope } from './sandbox.js';

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
   * make room; if none is, a new one is refused (503): an active visitor's data is never dropped.
   * Default {@link MAX_SANDBOXES}.
   */
  maxSandboxes?: number;
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
  private readonly now: () => number;

  constructor(private readonly options: SandboxRegistryOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The sandbox of a signed-in session, created from the fixtures on first use. */
  forSession(session: MockSession): Sandbox {
    this.sweep();
    const key = this.options.mode === 'session' ? `session:${session.sessionId}` : `user:${session.user.id}`;
    let entry = this.entries.get(key);
    if (entry) {
      // Map order is least recently used first: move this one to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      this.makeRoom();
      const sandbox = new Sandbox({
        seed: this.options.seed,
        runner: this.options.runner,
        ownerEmail: session.user.email,
        fakerSeed: this.options.fakerSeed,
        startedAt: this.options.startedAt,
        sessionId: this.options.mode === 'session' ? session.sessionId : undefined,
      });
      entry = { sandbox, userId: session.user.id, email: session.user.email.toLowerCase(), lastUsed: 0 };
      this.entries.set(key, entry);
    }
    entry.lastUsed = this.now();
    return entry.sandbox;
  }

  /** The owner of an API key secret, or undefined when no live sandbox holds it (revoked, reset or expired). */
  findApiKey(secret: string): KeyOwner | undefined {
    this.sweep();
    const hash = hashKey(secret);
    for (const [key, entry] of this.entries) {
      const scopes = entry.sandbox.useApiKey(hash);
      if (scopes) {
        entry.lastUsed = this.now();
        this.entries.delete(key);
        this.entries.set(key, entry);
        return { sandbox: entry.sandbox, userId: entry.userId, scopes };
      }
    }
    return undefined;
  }

  /**
   * Before a new sandbox: when the registry is full, drops sandboxes idle past `idleMs` (least
   * recently used first; in `user` mode too, but only now, when the room is needed); when every one
   * is in use, refuses with 503 rather than drop someone's work.
   */
  private makeRoom(): void {
    const limit = this.options.maxSandboxes ?? MAX_SANDBOXES;
    if (this.entries.size < limit) return;
    this.dropIdle(this.entries.size - limit + 1);
    if (this.entries.size >= limit) {
      throw new ApiError(
        503,
        `The demo is full: it keeps at most ${limit} visitors' workspaces and every one is in use. Try again later; workspaces idle for ${Math.round(this.options.idleMs / 60_000)} minutes are freed.`,
      );
    }
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
      entry.sandbox.close();
      this.entries.delete(key);
      dropped++;
    }
  }

  /** Drops idle session sandboxes (per-user state stays until the room is needed, see {@link makeRoom}). */
  sweep(): void {
    if (this.options.mode === 'session') this.dropIdle();
  }

  /** Back to the fixtures: every sandbox (or only those of one user) is dropped and recreated on next use. */
  reset(email?: string): number {
    if (email === undefined) this.options.identity?.reset();
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (email !== undefined && entry.email !== email.toLowerCase()) continue;
      entry.sandbox.close();
      this.entries.delete(key);
      dropped++;
    }
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.reset();
    this.options.runner.close();
  }
}
