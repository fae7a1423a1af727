import { setTimeout as pause } from 'node:timers/promises';
import type { MockSession } from '../session.js';
import { ApiError } from '../../errors.js';
import type { SeedData } from '../fixtures.js';
import type { Scope } from '../domain.js';
import type { StateStore } from '../state/state-store.js';
import { hashKey } from './api-keys.js';
import { BuildStorage, type BuildHandoff } from '../builds/index.js';
import { Sandbox, type SandboxEffects, type SandboxState } from './sandbox.js';
import { SandboxIndex, type SandboxMeta } from './sandbox-index.js';
import { seededSandbox } from './seeded-sandbox.js';
import { decodeState, encodeState } from '../state/state-codec.js';
import { contentionPauseMs, KeyedTurns } from '../state/write-contention.js';

export interface SandboxRegistryOptions {
  store: StateStore;
  seed: SeedData;
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
  /** At most this many live sandboxes created from one client address (MOCK_MAX_SANDBOXES_PER_ADDRESS). */
  maxSandboxesPerAddress?: number;
  /** A full {@link SandboxRegistry.reset} also puts the identity provider's users back to the fixtures. */
  identity?: { reset(): void | Promise<void> };
  /** Where builds go to run (the dispatcher, see build-wiring.ts); without it they stay queued. */
  builds?: BuildHandoff;
  /**
   * Forgets what a sandbox keeps beside its document (its simulations) when it is dropped: idle,
   * making room or reset. The store keys them by sandbox key, so nothing else would ever free them.
   */
  forgetBeside?: (sandboxKey: string) => Promise<void>;
}

/** So a loop of sign-ins (a new session sandbox each) cannot grow the store without bound. */
export const MAX_SANDBOXES = 500;

/**
 * Tries of a change before giving up when other gateways keep changing the same sandbox first (this
 * gateway's own requests take turns, see write-contention.ts).
 */
const WRITE_ATTEMPTS = 25;

/** The request a sandbox is wanted for. */
export interface SandboxAccess {
  /** The client address (clientKey) it comes from. */
  address: string;
  /** Whether it may write (a request other than GET/HEAD/OPTIONS). */
  write: boolean;
}

/** Who an API key authenticates, with the scopes it carries. */
export interface KeyOwner {
  sandboxKey: string;
  userId: string;
  scopes: Scope[];
}

interface Stored {
  meta: SandboxMeta;
  state: SandboxState;
}

interface Cached {
  version: number;
  meta: SandboxMeta;
  /** For reads only: a write works on a copy decoded from the stored text. */
  sandbox: Sandbox;
}

const CACHED_SANDBOXES_MAX = 200;

/** How precisely an API key's last use is kept: a key used again within this is not written again. */
export const API_KEY_USE_RESOLUTION_MS = 60_000;

/**
 * All sandboxes, kept in the state store (one document each, see state-codec.ts) and created from
 * the fixtures on first use: per user by default, per sign-in with MOCK_SANDBOX=session (a public
 * demo: visitors never see each other's edits). A write is a unit of work: the handler runs on a
 * fresh copy, the result is stored only over the version it was read at (else it runs again on the
 * newer one), then its effects happen (builds handed on or stopped, log notes, the key index).
 * Several gateways on one Redis therefore serve one state.
 */
export class SandboxRegistry {
  private readonly store: StateStore;
  private readonly storage: BuildStorage;
  private readonly index: SandboxIndex;
  private readonly now: () => number;
  private readonly cache = new Map<string, Cached>();
  private readonly writeTurns = new KeyedTurns();
  private readonly builds: BuildHandoff | undefined;
  private lastSweep = -Infinity;

  constructor(private readonly options: SandboxRegistryOptions) {
    this.store = options.store;
    this.builds = options.builds;
    this.storage = new BuildStorage(options.store);
    this.now = options.now ?? Date.now;
    this.index = new SandboxIndex(options.store, this.now, {
      idleMs: options.idleMs,
      maxSandboxes: options.maxSandboxes ?? MAX_SANDBOXES,
      maxSandboxesPerAddress: options.maxSandboxesPerAddress ?? options.maxSandboxes ?? MAX_SANDBOXES,
      drop: (key) => this.drop(key),
    });
  }

  /** What the state store holds in the gateway's memory (StateStore.usedBytes). */
  usedBytes(): Promise<number | null> {
    return this.store.usedBytes();
  }

  get buildStorage(): BuildStorage {
    return this.storage;
  }

  /** The key of a signed-in session's sandbox. */
  keyOf(session: MockSession): string {
    return this.options.mode === 'session' ? `session:${session.sessionId}` : `user:${session.user.id}`;
  }

  /** The key of the session's sandbox, created from the fixtures (counting against `address`) on first use. */
  async open(session: MockSession, address: string): Promise<string> {
    await this.sweep();
    const key = this.keyOf(session);
    if (!(await this.current(key))) await this.create(key, session, address);
    return key;
  }

  /**
   * Runs `fn` on the sandbox (see {@link open}). A write access stores what `fn` changed (see the
   * class comment); a read sees the latest stored state. 401 when it has gone meanwhile.
   */
  async use<R>(key: string, access: SandboxAccess, fn: (sandbox: Sandbox) => R | Promise<R>): Promise<R> {
    const cached = await this.current(key);
    if (!cached) throw new ApiError(401, 'Not authenticated: sign in again');
    await this.index.markUsed(key, cached.meta, access.write);
    if (!access.write) return fn(cached.sandbox);
    const result = await this.update(key, fn, { touch: true });
    if (!result) throw new ApiError(401, 'Not authenticated: sign in again');
    return result.value;
  }

  /** Reads the stored sandbox (no use recorded); undefined when it does not exist (any more). */
  async read<R>(key: string, fn: (sandbox: Sandbox) => R | Promise<R>): Promise<{ value: R } | undefined> {
    const cached = await this.current(key);
    return cached ? { value: await fn(cached.sandbox) } : undefined;
  }

  /**
   * Changes a sandbox as one unit of work (see the class comment); undefined when it does not exist
   * (any more). `touch`: it now holds its visitor's work, so a full demo never drops it for room.
   * This gateway's changes of one sandbox take turns, so `fn` must not change the same sandbox itself.
   */
  async update<R>(
    key: string,
    fn: (sandbox: Sandbox) => R | Promise<R>,
    options: { touch?: boolean } = {},
  ): Promise<{ value: R } | undefined> {
    const written = await this.writeTurns.run(key, async () => {
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
        if (attempt > 0) await pause(contentionPauseMs(attempt));
        const stored = await this.store.read(docKey(key));
        if (!stored) return undefined;
        const { meta, state } = decodeState<Stored>(stored.value);
        const sandbox = this.sandboxOf(state);
        const value = await fn(sandbox);
        const touched = options.touch && !meta.touched;
        if (touched) meta.touched = true;
        const version = await this.store.write(
          docKey(key),
          encodeState({ meta, state: sandbox.state }),
          stored.version,
        );
        if (version === null) continue;
        this.remember(key, { version, meta, sandbox });
        return { value, touched, effects: sandbox.effects, address: meta.address };
      }
      throw new ApiError(503, 'This workspace is changing too fast to save: try again in a moment');
    });
    if (!written) return undefined;
    // Outside the turn: effects may start a build, whose progress updates this sandbox again.
    if (written.touched) await this.index.touched(key);
    await this.applyEffects(key, written.effects, written.address);
    return { value: written.value };
  }

  /**
   * The owner of an API key secret, or undefined when no sandbox holds it (revoked, reset or expired).
   * Its use is recorded (last_used_at) at most once per {@link API_KEY_USE_RESOLUTION_MS}: recording it
   * is a write of the whole sandbox, which a CI job's every call made (and which renewed the sandbox's
   * shared read views each time).
   */
  async findApiKey(secret: string): Promise<KeyOwner | undefined> {
    await this.sweep();
    const hash = hashKey(secret);
    const indexed = await this.store.read(apiKeyIndex(hash));
    if (!indexed) return undefined;
    const key = indexed.value;
    const cached = await this.current(key);
    const known = cached?.sandbox.apiKeyUse(hash);
    if (!cached || !known) return undefined;
    const due = known.lastUsedAt === null || this.now() - known.lastUsedAt.getTime() >= API_KEY_USE_RESOLUTION_MS;
    // Undefined when the key was revoked (or the sandbox dropped) since the read above.
    const scopes = due ? (await this.update(key, (sandbox) => sandbox.useApiKey(hash)))?.value : known.scopes;
    if (!scopes) return undefined;
    await this.index.markUsed(key, cached.meta, false);
    return { sandboxKey: key, userId: cached.meta.userId, scopes };
  }

  /**
   * Drops idle session sandboxes (per-user state stays until the room is needed, see SandboxIndex).
   * At most once a second per gateway: idle times are minutes, and every request passes here.
   */
  async sweep(): Promise<void> {
    if (this.options.mode !== 'session' || this.now() - this.lastSweep < 1_000) return;
    this.lastSweep = this.now();
    await this.index.dropIdle();
  }

  /** Back to the fixtures: every sandbox (or only those of one user) is dropped and recreated on next use. */
  async reset(email?: string): Promise<number> {
    if (email === undefined) await this.options.identity?.reset();
    return this.index.dropAll(email);
  }

  size(): Promise<number> {
    return this.index.size();
  }

  /** Forgets this process's copies (the gateway is closing); the stored state stays. */
  close(): void {
    this.cache.clear();
  }

  // ---- internals ----

  private sandboxOf(state: SandboxState): Sandbox {
    return new Sandbox(state, {
      seed: this.options.seed,
      storage: this.storage,
      now: () => new Date(this.now()),
      sharedAhead: () => this.builds?.waiting() ?? 0,
    });
  }

  /** The stored sandbox for reads, decoded once per version; null when there is none. */
  private async current(key: string): Promise<Cached | null> {
    const version = await this.store.version(docKey(key));
    if (version === 0) {
      this.cache.delete(key);
      return null;
    }
    const cached = this.cache.get(key);
    if (cached?.version === version) return cached;
    const stored = await this.store.read(docKey(key));
    if (!stored) return null;
    const { meta, state } = decodeState<Stored>(stored.value);
    const fresh = { version: stored.version, meta, sandbox: this.sandboxOf(state) };
    this.remember(key, fresh);
    return fresh;
  }

  private remember(key: string, entry: Cached): void {
    entry.sandbox.sealForReads();
    this.cache.delete(key);
    if (this.cache.size >= CACHED_SANDBOXES_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, entry);
  }

  private async create(key: string, session: MockSession, address: string): Promise<void> {
    await this.index.makeRoom(address);
    const state = seededSandbox({
      seed: this.options.seed,
      ownerEmail: session.user.email,
      fakerSeed: this.options.fakerSeed,
      startedAt: this.options.startedAt,
      sessionId: this.options.mode === 'session' ? session.sessionId : undefined,
    });
    const meta: SandboxMeta = {
      userId: session.user.id,
      email: session.user.email.toLowerCase(),
      address,
      touched: false,
    };
    // Another request (or gateway) may have created it first: then that one stands.
    if ((await this.store.write(docKey(key), encodeState({ meta, state }), 0)) !== null)
      await this.index.added(key, meta);
  }

  /** `address`: the sandbox's client address, whose builds take turns with other addresses' (BuildHandoff). */
  private async applyEffects(key: string, effects: SandboxEffects, address: string): Promise<void> {
    for (const buildId of effects.stop) await this.builds?.stop(key, buildId);
    for (const buildId of effects.dispatch) await this.builds?.dispatch(key, buildId, address);
    if (effects.forget.length) await this.storage.forget(effects.forget);
    for (const hash of effects.keysRemoved) await this.store.remove(apiKeyIndex(hash));
    for (const hash of effects.keysAdded) {
      await this.store.remove(apiKeyIndex(hash));
      await this.store.write(apiKeyIndex(hash), key, 0);
    }
  }

  /** Stops a sandbox's builds and forgets it with everything it kept. */
  private async drop(key: string): Promise<SandboxMeta | undefined> {
    const stored = await this.store.read(docKey(key));
    this.cache.delete(key);
    if (!stored) return undefined;
    const { meta, state } = decodeState<Stored>(stored.value);
    const sandbox = this.sandboxOf(state);
    const { active, all } = sandbox.buildIds();
    await this.store.remove(docKey(key));
    for (const buildId of active) await this.builds?.stop(key, buildId);
    await this.storage.forget(all);
    for (const hash of sandbox.apiKeyHashes()) await this.store.remove(apiKeyIndex(hash));
    await this.options.forgetBeside?.(key);
    return meta;
  }
}

const docKey = (key: string) => `sandbox:${key}`;
const apiKeyIndex = (hash: string) => `apikey:${hash}`;
