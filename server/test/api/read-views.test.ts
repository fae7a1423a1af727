import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { BuildStorage } from '../../src/mock/builds/build-storage.js';
import { Sandbox } from '../../src/mock/store/sandbox.js';
import { seededSandbox } from '../../src/mock/store/seeded-sandbox.js';
import { sandboxHarness } from '../helpers/sandbox-harness.js';
import { ADA, useTestSeed } from '../helpers/test-fixtures.js';

/** The lists a sandbox's read copy renders once per stored version (store/read-views.ts). */
describe('mock API: shared views of a stored sandbox', () => {
  const testSeed = useTestSeed();

  it('reads of one version share a frozen list; the read after a change shows the change', async () => {
    const seed = testSeed();
    const harness = sandboxHarness({ seed, clock: () => Date.now() });
    const ada = await harness.ada();
    const before = await ada.read((sandbox) => sandbox.listProjects());
    expect(await ada.read((sandbox) => sandbox.listProjects())).toBe(before);
    expect(Object.isFrozen(before)).toBe(true);

    const created = await ada.write((sandbox) => sandbox.createProject({ name: 'after the list' }));
    const after = await ada.read((sandbox) => sandbox.listProjects());
    expect(after.map((p) => p.id)).toContain(created.id);
    expect(before.map((p) => p.id)).not.toContain(created.id);

    const project = before[0]!;
    const queued = await ada.write((sandbox) => sandbox.newBuild(project.id));
    const builds = await ada.read((sandbox) => sandbox.listBuilds(project.id));
    expect(builds.map((b) => b.id)).toContain(queued.id);
    const listed = await ada.read((sandbox) => sandbox.listProjects());
    expect(listed.find((p) => p.id === project.id)?.latest_build?.id).toBe(queued.id);
    await harness.close();
  });

  it("a queued build's position follows other sandboxes' waiting builds, though its own state did not change", () => {
    const seed = testSeed();
    let waitingElsewhere = 0;
    let second = 0;
    const storage = new BuildStorage(new MemoryStateStore(() => 0));
    // Each build is queued a second after the one before, so the later one is the project's latest.
    const now = () => new Date(Date.now() + ++second * 1000);
    const context = { seed, storage, now, sharedAhead: () => waitingElsewhere };
    const writer = new Sandbox(seededSandbox({ seed, ownerEmail: ADA, fakerSeed: 1, startedAt: new Date() }), context);
    const project = writer.listProjects()[0]!;
    const running = writer.newBuild(project.id);
    writer.progress.stageStarted(running.id, 'IP');
    // Once this sandbox's own build runs, the next one waits behind every other sandbox's too.
    const build = writer.newBuild(project.id);
    const reader = new Sandbox(writer.state, context);
    reader.sealForReads();
    const position = () => reader.listProjects().find((p) => p.id === project.id)?.latest_build?.queue_position;
    const alone = position();
    expect(alone).toBe(1);
    waitingElsewhere = 3;
    expect(position()).toBe(4);
    expect(reader.listBuilds(project.id).find((b) => b.id === build.id)?.queue_position).toBe(4);
  });

  it('a write copy renders afresh on every call (it changes while the handler runs)', () => {
    const seed = testSeed();
    const storage = new BuildStorage(new MemoryStateStore(() => 0));
    const writer = new Sandbox(seededSandbox({ seed, ownerEmail: ADA, fakerSeed: 1, startedAt: new Date() }), {
      seed,
      storage,
    });
    const before = writer.listProjects();
    writer.createProject({ name: 'made in the same handler' });
    expect(writer.listProjects()).toHaveLength(before.length + 1);
    expect(Object.isFrozen(before)).toBe(false);
  });
});
