import { Redis } from 'ioredis';
import {
  StoreUnavailableError,
  type Claimed,
  type Scored,
  type StateStore,
  type Versioned,
  type WriteOptions,
} from './state-store.js';

/**
 * Each write is one atomic script: the version check and the write cannot interleave with another
 * gateway's. Versions come from one counter, so a removed and re-created document never reuses one.
 */
const SCRIPTS = {
  // KEYS: document, version counter. ARGV: expected version, value, ttl in ms (0: none).
  casWrite: {
    numberOfKeys: 2,
    lua: `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return -1 end
local version = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], 'v', version, 'd', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) else redis.call('PERSIST', KEYS[1]) end
return version`,
  },
  // KEYS: waiting list, leases (sorted by lease end), owners, groups (id → group), when each group
  // was last served (group → count), the count. ARGV: owner, lease end. Groups take turns as
  // fair-turn.ts's fairTurn decides (the same rule, here in one atomic step); the served entries of
  // groups with nothing left in the queue go (pruneServed).
  claim: {
    numberOfKeys: 6,
    lua: `
local waiting = redis.call('LRANGE', KEYS[1], 0, -1)
if #waiting == 0 then return false end
local claimedPerGroup, present = {}, {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local group = redis.call('HGET', KEYS[4], id) or id
  claimedPerGroup[group] = (claimedPerGroup[group] or 0) + 1
  present[group] = true
end
local waitingGroups = {}
for index, id in ipairs(waiting) do
  local group = redis.call('HGET', KEYS[4], id) or id
  waitingGroups[index] = group
  present[group] = true
end
local lastServed = {}
local flat = redis.call('HGETALL', KEYS[5])
for index = 1, #flat, 2 do
  if present[flat[index]] then lastServed[flat[index]] = tonumber(flat[index + 1])
  else redis.call('HDEL', KEYS[5], flat[index]) end
end
local chosen, fewestClaimed, servedLast = nil, nil, nil
for index, group in ipairs(waitingGroups) do
  local claimed = claimedPerGroup[group] or 0
  local served = lastServed[group] or -1
  if chosen == nil or claimed < fewestClaimed or (claimed == fewestClaimed and served < servedLast) then
    chosen, fewestClaimed, servedLast = index, claimed, served
  end
end
local id, group = waiting[chosen], waitingGroups[chosen]
redis.call('LREM', KEYS[1], 1, id)
redis.call('ZADD', KEYS[2], ARGV[2], id)
redis.call('HSET', KEYS[3], id, ARGV[1])
redis.call('HSET', KEYS[5], group, redis.call('INCR', KEYS[6]))
return {id, group}`,
  },
  // KEYS: leases, owners. ARGV: id, owner, lease end.
  renew: {
    numberOfKeys: 2,
    lua: `
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1`,
  },
  // KEYS: leases, owners, groups. ARGV: now. Expired ids leave all three in the same step: one caller gets each.
  reclaim: {
    numberOfKeys: 3,
    lua: `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
for _, id in ipairs(ids) do
  redis.call('ZREM', KEYS[1], id)
  redis.call('HDEL', KEYS[2], id)
  redis.call('HDEL', KEYS[3], id)
end
return ids`,
  },
} as const;

type ScriptCalls = {
  casWrite(document: string, counter: string, expected: number, value: string, ttlMs: number): Promise<number>;
  claim(
    waiting: string,
    leases: string,
    owners: string,
    groups: string,
    lastServed: string,
    servedCount: string,
    owner: string,
    leaseUntil: number,
  ): Promise<[string, string] | null>;
  renew(leases: string, owners: string, id: string, owner: string, leaseUntil: number): Promise<number>;
  reclaim(leases: string, owners: string, groups: string, now: number): Promise<string[]>;
};

export interface RedisStoreOptions {
  /** redis://host:port/db (rediss:// for TLS). */
  url: string;
  /** Every key starts with this, so deployments (and tests) can share one Redis. Default `cc:`. */
  prefix?: string;
  /** Connection trouble between commands (ioredis reconnects by itself); the gateway logs it. */
  onError?: (error: Error) => void;
}

/**
 * MOCK_STORE=redis://…: the state in Redis, shared by every gateway that names the same server,
 * kept across restarts when Redis persists (append-only file). Keys: `<prefix>doc:…` hashes
 * {v, d}, `<prefix>list:…`, `<prefix>set:…`, `<prefix>queue:<name>:{waiting,leases,owners}`.
 */
export class RedisStateStore implements StateStore {
  readonly kind = 'redis';
  private readonly redis: Redis & ScriptCalls;
  private readonly prefix: string;

  constructor(options: RedisStoreOptions) {
    this.prefix = options.prefix ?? 'cc:';
    const redis = new Redis(options.url, {
      lazyConnect: true,
      // Commands issued in the same tick (many requests at once) go to Redis in one write.
      enableAutoPipelining: true,
      // A request waits for Redis at most this long, then answers 503 rather than hang.
      maxRetriesPerRequest: 2,
      commandTimeout: 5_000,
      connectTimeout: 5_000,
    });
    for (const [name, script] of Object.entries(SCRIPTS)) redis.defineCommand(name, script);
    // Without a listener ioredis prints every failed reconnect; commands still fail with StoreUnavailableError.
    redis.on('error', options.onError ?? (() => {}));
    this.redis = redis as Redis & ScriptCalls;
  }

  /**
   * The connection itself, for a library that keeps its own keys in this Redis (the identity
   * provider's sign-in rate limit). Such keys go under {@link keyPrefix}, so they stay this store's
   * (a {@link clear} removes them too) and never meet another deployment's.
   */
  get client(): Redis {
    return this.redis;
  }

  /** What every key of this store starts with (MOCK_STORE_PREFIX). */
  get keyPrefix(): string {
    return this.prefix;
  }

  /** Connects (and checks the server answers); throws a clear error when it cannot. */
  async connect(): Promise<void> {
    try {
      await this.redis.connect();
      await this.redis.ping();
    } catch (error) {
      this.redis.disconnect();
      throw new StoreUnavailableError(`Cannot reach the mock's Redis store: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  private doc = (key: string) => `${this.prefix}doc:${key}`;
  private list = (key: string) => `${this.prefix}list:${key}`;
  private set = (key: string) => `${this.prefix}set:${key}`;
  private queueKeys = (queue: string) =>
    [
      `${this.prefix}queue:${queue}:waiting`,
      `${this.prefix}queue:${queue}:leases`,
      `${this.prefix}queue:${queue}:owners`,
      `${this.prefix}queue:${queue}:groups`,
      `${this.prefix}queue:${queue}:last-served`,
      `${this.prefix}queue:${queue}:served-count`,
    ] as const;

  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new StoreUnavailableError(`The mock's Redis store failed: ${(error as Error).message}`, { cause: error });
    }
  }

  read(key: string): Promise<Versioned | null> {
    return this.call(async () => {
      const [version, value] = await this.redis.hmget(this.doc(key), 'v', 'd');
      return version == null || value == null ? null : { version: Number(version), value };
    });
  }

  version(key: string): Promise<number> {
    return this.call(async () => Number((await this.redis.hget(this.doc(key), 'v')) ?? 0));
  }

  write(key: string, value: string, expected: number, options: WriteOptions = {}): Promise<number | null> {
    return this.call(async () => {
      const version = await this.redis.casWrite(
        this.doc(key),
        `${this.prefix}clock`,
        expected,
        value,
        Math.max(0, Math.ceil(options.ttlMs ?? 0)),
      );
      return version < 0 ? null : Number(version);
    });
  }

  remove(...keys: string[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    return this.call(async () => {
      await this.redis.del(...keys.flatMap((key) => [this.doc(key), this.list(key), this.set(key)]));
    });
  }

  append(key: string, items: readonly string[]): Promise<number> {
    return this.call(async () => {
      if (items.length === 0) return this.redis.llen(this.list(key));
      let length = 0;
      // Bounded batches: one command with millions of arguments would block Redis for everyone.
      for (let start = 0; start < items.length; start += 10_000) {
        length = await this.redis.rpush(this.list(key), ...items.slice(start, start + 10_000));
      }
      return length;
    });
  }

  slice(key: string, start: number, end: number): Promise<string[]> {
    if (end <= start) return Promise.resolve([]);
    return this.call(() => this.redis.lrange(this.list(key), start, end - 1));
  }

  length(key: string): Promise<number> {
    return this.call(() => this.redis.llen(this.list(key)));
  }

  score(key: string, member: string, score: number): Promise<void> {
    return this.call(async () => {
      await this.redis.zadd(this.set(key), score, member);
    });
  }

  lowest(key: string, count: number): Promise<Scored[]> {
    return this.call(async () => {
      const flat = await this.redis.zrange(this.set(key), 0, count - 1, 'WITHSCORES');
      const result: Scored[] = [];
      for (let i = 0; i < flat.length; i += 2) result.push({ member: flat[i]!, score: Number(flat[i + 1]) });
      return result;
    });
  }

  scoreOf(key: string, member: string): Promise<number | null> {
    return this.call(async () => {
      const score = await this.redis.zscore(this.set(key), member);
      return score === null ? null : Number(score);
    });
  }

  unscore(key: string, member: string): Promise<void> {
    return this.call(async () => {
      await this.redis.zrem(this.set(key), member);
    });
  }

  count(key: string): Promise<number> {
    return this.call(() => this.redis.zcard(this.set(key)));
  }

  enqueue(queue: string, id: string, group: string = id): Promise<void> {
    const [waiting, , , groups] = this.queueKeys(queue);
    return this.call(async () => {
      await this.redis.multi().hset(groups, id, group).rpush(waiting, id).exec();
    });
  }

  claim(queue: string, owner: string, leaseUntil: number): Promise<Claimed | null> {
    return this.call(async () => {
      const claimed = await this.redis.claim(...this.queueKeys(queue), owner, leaseUntil);
      return claimed ? { id: claimed[0], group: claimed[1] } : null;
    });
  }

  renew(queue: string, id: string, owner: string, leaseUntil: number): Promise<boolean> {
    const [, leases, owners] = this.queueKeys(queue);
    return this.call(async () => (await this.redis.renew(leases, owners, id, owner, leaseUntil)) === 1);
  }

  reclaimExpired(queue: string, now: number): Promise<string[]> {
    const [, leases, owners, groups] = this.queueKeys(queue);
    return this.call(() => this.redis.reclaim(leases, owners, groups, now));
  }

  forgetQueued(queue: string, id: string): Promise<void> {
    const [waiting, leases, owners, groups] = this.queueKeys(queue);
    return this.call(async () => {
      await this.redis.multi().lrem(waiting, 0, id).zrem(leases, id).hdel(owners, id).hdel(groups, id).exec();
    });
  }

  waiting(queue: string): Promise<string[]> {
    return this.call(() => this.redis.lrange(this.queueKeys(queue)[0], 0, -1));
  }

  ownerOf(queue: string, id: string): Promise<string | null> {
    return this.call(() => this.redis.hget(this.queueKeys(queue)[2], id));
  }

  /** Redis keeps the state in its own memory, bounded by its maxmemory setting. */
  async usedBytes(): Promise<null> {
    return null;
  }

  /** Deletes this store's keys only (by prefix, in batches), never the rest of the database. */
  clear(): Promise<void> {
    return this.call(async () => {
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await this.redis.unlink(...keys);
      } while (cursor !== '0');
    });
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
