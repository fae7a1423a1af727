import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStateStore } from '../../src/mock/state/redis-store.js';
import { StoreUnavailableError } from '../../src/mock/state/state-store.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { stateStoreContract } from './state-store-contract.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis({ persist: true });
});
afterAll(() => redis.dispose());

stateStoreContract('redis', async () => {
  const store = new RedisStateStore({ url: redis.url, prefix: 'contract:' });
  await store.connect();
  return store;
});

describe('redis: beyond the contract', () => {
  it('two stores with different prefixes on one server never see each other', async () => {
    const a = new RedisStateStore({ url: redis.url, prefix: 'a:' });
    const b = new RedisStateStore({ url: redis.url, prefix: 'b:' });
    await Promise.all([a.connect(), b.connect()]);
    await a.write('doc', 'from a', 0);
    expect(await b.read('doc')).toBeNull();
    await b.clear();
    expect((await a.read('doc'))?.value).toBe('from a');
    await Promise.all([a.close(), b.close()]);
  });

  it('with the append-only file on, a killed and restarted server still has every acknowledged write', async () => {
    const store = new RedisStateStore({ url: redis.url, prefix: 'aof:' });
    await store.connect();
    const version = await store.write('doc', 'kept', 0);
    await store.append('log', ['line 1', 'line 2']);
    await store.close();
    await redis.stop({ hard: true });
    await redis.restart();
    const again = new RedisStateStore({ url: redis.url, prefix: 'aof:' });
    await again.connect();
    expect(await again.read('doc')).toEqual({ version, value: 'kept' });
    expect(await again.slice('log', 0, 10)).toEqual(['line 1', 'line 2']);
    await again.close();
  });

  it("the queue's turn record keeps only the groups still in the queue", async () => {
    const store = new RedisStateStore({ url: redis.url, prefix: 'turns:' });
    await store.connect();
    // Many one-off addresses come and go (a public demo's visitors): what is kept of their turns must not grow.
    for (let visitor = 0; visitor < 50; visitor++) {
      await store.enqueue('builds', `build-${visitor}`, `address-${visitor}`);
      const claimed = await store.claim('builds', 'gw', Date.now() + 10_000);
      expect(claimed).toEqual({ id: `build-${visitor}`, group: `address-${visitor}` });
      await store.forgetQueued('builds', claimed!.id);
    }
    await store.enqueue('builds', 'last', 'address-last');
    await store.claim('builds', 'gw', Date.now() + 10_000);
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    expect(await raw.hkeys('turns:queue:builds:last-served')).toEqual(['address-last']);
    expect(await raw.hkeys('turns:queue:builds:groups')).toEqual(['last']);
    await store.forgetQueued('builds', 'last');
    expect(await raw.hlen('turns:queue:builds:groups')).toBe(0);
    raw.disconnect();
    await store.close();
  });

  it('an unreachable server is a clear StoreUnavailableError, not a hang', async () => {
    const store = new RedisStateStore({ url: 'redis://127.0.0.1:1/0' });
    const started = Date.now();
    await expect(store.connect()).rejects.toThrow(StoreUnavailableError);
    await expect(store.connect()).rejects.toThrow(/Cannot reach the mock's Redis store/);
    expect(Date.now() - started).toBeLessThan(12_000);
  });
});
