import type { BuildRunner } from '../builds/runner.js';
import type { MockIdentity, MockSession } from '../session.js';
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
  /** At most this many live sandboxes: a new one evicts the least recently used. Default {@link MAX_SANDBOXES}. */
  maxSandboxes?: number;
  /** A full {@link SandboxRegistry.reset} also puts the identity provider's users back to the fixtures. */
  identity?: Pick<MockIdentity, 'reset'>;
}

/** So a loop of sign-ins (a new session sandbox each) cannot grow memory without bound. */
export const MAX_SANDBOXES = 1000;

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
      this.evictBeyond((this.options.maxSandboxes ?? MAX_SANDBOXES) - 1);
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

  /** Drops the least recently used sandboxes until at most `limit` are left. */
  private evictBeyond(limit: number): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= limit) return;
      entry.sandbox.close();
      this.entries.delete(key);
    }
  }

  /** Drops idle session sandboxes (per-user state lives as long as the gateway). */
  sweep(): void {
    if (this.options.mode !== 'session') return;
    const cutoff = this.now() - this.options.idleMs;
    for (const [key, entry] of this.entries) {
      if (entry.lastUsed < cutoff) {
        entry.sandbox.close();
        this.entries.delete(key);
      }
    }
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
