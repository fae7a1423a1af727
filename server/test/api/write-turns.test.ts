import { describe, expect, it } from 'vitest';
import { loadSeedData } from '../../src/mock/fixtures.js';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { sandboxHarness } from '../helpers/sandbox-harness.js';
import { writeTestFixtures } from '../helpers/test-fixtures.js';

/** The memory store with a round trip's delay on every call, as Redis has: requests' steps interleave. */
class SlowStore extends MemoryStateStore {
  override async read(key: string) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return super.read(key);
  }
}

describe('mock API: many writes to one sandbox at once', () => {
  it('every one of 100 simultaneous changes is stored (none gives up as "changing too fast")', async () => {
    const fixtures = await writeTestFixtures();
    const seed = await loadSeedData(fixtures.dir);
    await fixtures.remove();
    const harness = sandboxHarness({ seed, store: new SlowStore(() => Date.now()), clock: () => Date.now() });
    const ada = await harness.ada();
    const count = 100;
    const results = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        ada.write(async (sandbox) => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          return sandbox.createProject({ name: `concurrent ${i}` });
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const names = await ada.read((sandbox) => sandbox.listProjects().map((p) => p.name));
    for (let i = 0; i < count; i++) expect(names).toContain(`concurrent ${i}`);
    await harness.close();
  }, 30_000);
});
