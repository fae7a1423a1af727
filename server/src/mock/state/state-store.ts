/**
 * Where the mock keeps its state (MOCK_STORE): in this process (`memory`, the default) or in Redis
 * (`redis://…`), so several gateways share one state and a restart loses nothing.
 *
 * The store knows nothing of projects or sessions: it keeps versioned documents (each written only
 * over the version it was read at, so two gateways never overwrite each other's change), append-only
 * lists (build logs), scored sets (least-recently-used orders) and work queues with leases (a build
 * is claimed by exactly one gateway; a gateway that stops renewing loses it). Both implementations
 * pass the same contract suite (server/test/state/).
 */

/** A document as stored: its text and the version that write gave it. */
export interface Versioned {
  /** Increases with every write of any document of the store: a deleted and re-created document never reuses one. */
  version: number;
  value: string;
}

export interface WriteOptions {
  /** The document is forgotten this long after the write (no expiry without). */
  ttlMs?: number;
}

/** A member of a scored set with its score. */
export interface Scored {
  member: string;
  score: number;
}

export interface StateStore {
  readonly kind: 'memory' | 'redis';

  // ---- versioned documents ----
  /** The document, or null when there is none (never written, removed or expired). */
  read(key: string): Promise<Versioned | null>;
  /** Its version (0 when there is none): the cheap check whether a copy read earlier is still current. */
  version(key: string): Promise<number>;
  /**
   * Writes the document if its version is still `expected` (0: it must not exist). The new version,
   * or null when someone else wrote (or removed) it since: the caller reads it again and retries.
   */
  write(key: string, value: string, expected: number, options?: WriteOptions): Promise<number | null>;
  /** Removes documents, lists and sets by key (queues have {@link forgetQueued}). */
  remove(...keys: string[]): Promise<void>;

  // ---- append-only lists ----
  /** Appends and returns the new length. */
  append(key: string, items: readonly string[]): Promise<number>;
  /** Items [start, end) (end past the length is the length). */
  slice(key: string, start: number, end: number): Promise<string[]>;
  length(key: string): Promise<number>;

  // ---- scored sets ----
  /** Adds the member or sets its score. */
  score(key: string, member: string, score: number): Promise<void>;
  /** Up to `count` members with the lowest scores, lowest first. */
  lowest(key: string, count: number): Promise<Scored[]>;
  /** The member's score, or null when it is not in the set. */
  scoreOf(key: string, member: string): Promise<number | null>;
  unscore(key: string, member: string): Promise<void>;
  count(key: string): Promise<number>;

  // ---- work queues with leases ----
  /**
   * Puts an id at the end of the queue, in `group` (by default a group of its own): groups take
   * turns at {@link claim}, so one group's many ids do not hold back another's.
   */
  enqueue(queue: string, id: string, group?: string): Promise<void>;
  /**
   * Takes a waiting id for `owner`, leased until `leaseUntil` (ms since the epoch), with its group;
   * null when none waits. It is the first waiting id of the group with the fewest claimed ids, served
   * longest ago (fair-turn.ts).
   */
  claim(queue: string, owner: string, leaseUntil: number): Promise<Claimed | null>;
  /** Extends the lease; false when the id is no longer this owner's (it was reclaimed or finished). */
  renew(queue: string, id: string, owner: string, leaseUntil: number): Promise<boolean>;
  /** Takes back every claimed id whose lease ended before `now`: each is returned to exactly one caller. */
  reclaimExpired(queue: string, now: number): Promise<string[]>;
  /** The id is done (or cancelled): it leaves the queue, waiting or claimed. */
  forgetQueued(queue: string, id: string): Promise<void>;
  /** Waiting ids, first first. */
  waiting(queue: string): Promise<string[]>;
  /** The owner of a claimed id, or null. */
  ownerOf(queue: string, id: string): Promise<string | null>;

  /**
   * Characters of the documents and list items this store holds in the gateway's own memory (the
   * heap the in-memory store shares with the gateway), each item with its overhead (an empty list item
   * counts too); null when the state lives elsewhere (Redis).
   */
  usedBytes(): Promise<number | null>;

  /** Every key of this store gone (an admin reset of everything; tests). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** A queue's id as {@link StateStore.claim} hands it out. */
export interface Claimed {
  id: string;
  group: string;
}

/**
 * Thrown by a {@link StateStore} whose backing service fails. The gateway answers 503 with
 * `publicDetail` (the message, which may name the store's address, goes to the log only).
 */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  readonly publicDetail = "The mock's state store is not answering: try again in a moment";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
