import { fairTurn, pruneServed } from './fair-turn.js';
import type { Claimed, Scored, StateStore, Versioned, WriteOptions } from './state-store.js';

interface Document extends Versioned {
  /** Ms since the epoch after which it is gone; Infinity = never. */
  expiresAt: number;
}

interface Queue {
  waiting: string[];
  /** Claimed ids: owner and lease end. */
  claimed: Map<string, { owner: string; leaseUntil: number }>;
  /** The group of each id waiting or claimed (see StateStore.enqueue). */
  groups: Map<string, string>;
  /** When each group with ids here was last handed one (a rising count: fair-turn.ts). */
  lastServed: Map<string, number>;
  served: number;
}

/**
 * What the heap spends on a stored string besides its characters: the string's header and its slot in
 * the list or map (on 64-bit V8, 16 + 8 bytes). usedBytes counts it for every item, so an empty line is
 * not free: a design printing two million empty lines costs tens of megabytes, not zero.
 */
export const ITEM_OVERHEAD_BYTES = 24;

/**
 * MOCK_STORE=memory: the state in this process's memory, gone at restart. Values are stored as the
 * same strings Redis would keep, so the domain above behaves identically on both.
 */
export class MemoryStateStore implements StateStore {
  readonly kind = 'memory';
  private clock = 0;
  private readonly documents = new Map<string, Document>();
  private readonly lists = new Map<string, string[]>();
  private readonly sets = new Map<string, Map<string, number>>();
  private readonly queues = new Map<string, Queue>();
  /**
   * Characters in documents and lists plus each one's overhead (usedBytes), kept as they change: a sum
   * over everything per build would cost.
   */
  private used = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): Document | undefined {
    const document = this.documents.get(key);
    if (document && document.expiresAt <= this.now()) {
      this.dropDocument(key);
      return undefined;
    }
    return document;
  }

  async read(key: string): Promise<Versioned | null> {
    const document = this.live(key);
    return document ? { version: document.version, value: document.value } : null;
  }

  async version(key: string): Promise<number> {
    return this.live(key)?.version ?? 0;
  }

  async write(key: string, value: string, expected: number, options: WriteOptions = {}): Promise<number | null> {
    if ((this.live(key)?.version ?? 0) !== expected) return null;
    const version = ++this.clock;
    const expiresAt = options.ttlMs === undefined ? Infinity : this.now() + options.ttlMs;
    this.dropDocument(key);
    this.documents.set(key, { version, value, expiresAt });
    this.used += value.length + ITEM_OVERHEAD_BYTES;
    return version;
  }

  private dropDocument(key: string): void {
    const document = this.documents.get(key);
    if (!document) return;
    this.used -= document.value.length + ITEM_OVERHEAD_BYTES;
    this.documents.delete(key);
  }

  async remove(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.dropDocument(key);
      for (const item of this.lists.get(key) ?? []) this.used -= item.length + ITEM_OVERHEAD_BYTES;
      this.lists.delete(key);
      this.sets.delete(key);
    }
  }

  async usedBytes(): Promise<number> {
    return this.used;
  }

  async append(key: string, items: readonly string[]): Promise<number> {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = []));
    // One push per item: spreading a huge array into push() overflows the call stack.
    for (const item of items) {
      list.push(item);
      this.used += item.length + ITEM_OVERHEAD_BYTES;
    }
    return list.length;
  }

  async slice(key: string, start: number, end: number): Promise<string[]> {
    return (this.lists.get(key) ?? []).slice(start, end);
  }

  async length(key: string): Promise<number> {
    return this.lists.get(key)?.length ?? 0;
  }

  async score(key: string, member: string, score: number): Promise<void> {
    let set = this.sets.get(key);
    if (!set) this.sets.set(key, (set = new Map()));
    set.set(member, score);
  }

  async lowest(key: string, count: number): Promise<Scored[]> {
    const set = this.sets.get(key);
    if (!set || count <= 0) return [];
    const before = (a: Scored, b: Scored) => a.score < b.score || (a.score === b.score && a.member < b.member);
    // A few of the lowest (pruning and making room ask for one or a handful): one pass, not a sort of all.
    const lowest: Scored[] = [];
    for (const [member, score] of set) {
      const entry = { member, score };
      if (lowest.length === count && !before(entry, lowest[count - 1]!)) continue;
      let at = lowest.length;
      while (at > 0 && before(entry, lowest[at - 1]!)) at--;
      lowest.splice(at, 0, entry);
      if (lowest.length > count) lowest.pop();
    }
    return lowest;
  }

  async scoreOf(key: string, member: string): Promise<number | null> {
    return this.sets.get(key)?.get(member) ?? null;
  }

  async unscore(key: string, member: string): Promise<void> {
    const set = this.sets.get(key);
    set?.delete(member);
    if (set?.size === 0) this.sets.delete(key);
  }

  async count(key: string): Promise<number> {
    return this.sets.get(key)?.size ?? 0;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue)
      this.queues.set(
        name,
        (queue = { waiting: [], claimed: new Map(), groups: new Map(), lastServed: new Map(), served: 0 }),
      );
    return queue;
  }

  async enqueue(queue: string, id: string, group: string = id): Promise<void> {
    const state = this.queue(queue);
    state.waiting.push(id);
    state.groups.set(id, group);
  }

  async claim(queue: string, owner: string, leaseUntil: number): Promise<Claimed | null> {
    const state = this.queue(queue);
    const groupOf = (id: string) => state.groups.get(id) ?? id;
    const waitingGroups = state.waiting.map(groupOf);
    const claimedGroups = [...state.claimed.keys()].map(groupOf);
    pruneServed(state.lastServed, waitingGroups, claimedGroups);
    const index = fairTurn(waitingGroups, claimedGroups, state.lastServed);
    if (index === -1) return null;
    const [id] = state.waiting.splice(index, 1) as [string];
    state.claimed.set(id, { owner, leaseUntil });
    const group = groupOf(id);
    state.lastServed.set(group, ++state.served);
    return { id, group };
  }

  async renew(queue: string, id: string, owner: string, leaseUntil: number): Promise<boolean> {
    const claim = this.queue(queue).claimed.get(id);
    if (claim?.owner !== owner) return false;
    claim.leaseUntil = leaseUntil;
    return true;
  }

  async reclaimExpired(queue: string, now: number): Promise<string[]> {
    const state = this.queue(queue);
    const expired = [...state.claimed].filter(([, claim]) => claim.leaseUntil < now).map(([id]) => id);
    for (const id of expired) {
      state.claimed.delete(id);
      state.groups.delete(id);
    }
    return expired;
  }

  async forgetQueued(queue: string, id: string): Promise<void> {
    const state = this.queue(queue);
    state.claimed.delete(id);
    state.groups.delete(id);
    const index = state.waiting.indexOf(id);
    if (index >= 0) state.waiting.splice(index, 1);
  }

  async waiting(queue: string): Promise<string[]> {
    return [...this.queue(queue).waiting];
  }

  async ownerOf(queue: string, id: string): Promise<string | null> {
    return this.queue(queue).claimed.get(id)?.owner ?? null;
  }

  async clear(): Promise<void> {
    this.used = 0;
    this.documents.clear();
    this.lists.clear();
    this.sets.clear();
    this.queues.clear();
  }

  async close(): Promise<void> {}
}
