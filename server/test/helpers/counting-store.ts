import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import type { WriteOptions } from '../../src/mock/state/state-store.js';

/**
 * The memory store, counting what it is asked: every call (to check a sweep's cost) and the
 * documents written and not removed (to check what is kept). The store itself is unchanged.
 */
export class CountingStore extends MemoryStateStore {
  calls = 0;
  private readonly keys = new Set<string>();

  constructor(now: () => number) {
    super(now);
    return new Proxy(this, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function' || property === 'constructor') return value;
        return (...args: unknown[]) => {
          target.calls++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  override async write(key: string, value: string, expected: number, options?: WriteOptions): Promise<number | null> {
    const version = await super.write(key, value, expected, options);
    if (version !== null) this.keys.add(key);
    return version;
  }

  override async remove(...keys: string[]): Promise<void> {
    for (const key of keys) this.keys.delete(key);
    await super.remove(...keys);
  }

  /** Live documents whose key starts with `prefix` (without counting these reads as calls). */
  async liveDocuments(prefix: string): Promise<number> {
    let live = 0;
    for (const key of this.keys) if (key.startsWith(prefix) && (await super.read(key))) live++;
    return live;
  }

  /** How many store calls `run` makes. */
  async callsDuring(run: () => Promise<unknown>): Promise<number> {
    const before = this.calls;
    await run();
    return this.calls - before;
  }
}
