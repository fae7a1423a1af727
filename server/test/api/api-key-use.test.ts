import { describe, expect, it } from 'vitest';
import { API_KEY_USE_RESOLUTION_MS } from '../../src/mock/store/registry.js';
import { sandboxHarness } from '../helpers/sandbox-harness.js';
import { useTestSeed } from '../helpers/test-fixtures.js';

/** An API key's use is recorded to the minute: a CI job's every call is not a write of the whole sandbox. */
describe('mock API: recording an API key’s use', () => {
  const seed = useTestSeed();

  it('writes the sandbox on first use and once per resolution after, not on every call', async () => {
    const harness = sandboxHarness({ seed: seed() });
    const ada = await harness.ada();
    const { key: secret, id } = await ada.write((sandbox) => sandbox.createApiKey('CI', ['projects:read']));
    const version = () => harness.store.version(`sandbox:${ada.key}`);
    const lastUsed = async () =>
      (await ada.read((sandbox) => sandbox.listApiKeys())).find((key) => key.id === id)!.last_used_at;
    expect(await lastUsed()).toBeNull();

    harness.advance(1_000);
    const before = await version();
    expect((await harness.registry.findApiKey(secret))?.scopes).toEqual(['projects:read']);
    const firstUse = await lastUsed();
    expect(firstUse).toBe(new Date(1_000).toISOString());
    const afterFirst = await version();
    expect(afterFirst).toBeGreaterThan(before);

    // Many calls within the resolution: the same answer, no write, the recorded time unchanged.
    for (let call = 0; call < 20; call++) {
      harness.advance(1_000);
      expect((await harness.registry.findApiKey(secret))?.sandboxKey).toBe(ada.key);
    }
    expect(await version()).toBe(afterFirst);
    expect(await lastUsed()).toBe(firstUse);

    harness.advance(API_KEY_USE_RESOLUTION_MS);
    expect(await harness.registry.findApiKey(secret)).toBeDefined();
    expect(await version()).toBeGreaterThan(afterFirst);
    expect(await lastUsed()).toBe(new Date(1_000 + 20_000 + API_KEY_USE_RESOLUTION_MS).toISOString());
    await harness.close();
  });

  it('refuses a revoked key at once, whether or not its use is due to be recorded', async () => {
    const harness = sandboxHarness({ seed: seed() });
    const ada = await harness.ada();
    const { key: secret, id } = await ada.write((sandbox) => sandbox.createApiKey('CI', ['builds:read']));
    expect(await harness.registry.findApiKey(secret)).toBeDefined();
    await ada.write((sandbox) => sandbox.deleteApiKey(id));
    // Within the resolution (the read path) …
    expect(await harness.registry.findApiKey(secret)).toBeUndefined();
    harness.advance(API_KEY_USE_RESOLUTION_MS);
    // … and past it (the write path).
    expect(await harness.registry.findApiKey(secret)).toBeUndefined();
    expect(await harness.registry.findApiKey('cc_not-a-key')).toBeUndefined();
    await harness.close();
  });
});
