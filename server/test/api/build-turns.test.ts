import { describe, expect, it } from 'vitest';
import type { BuildProgress, BuildRunner } from '../../src/mock/builds/runner.js';
import { sandboxHarness, sessionOf } from '../helpers/sandbox-harness.js';
import { useTestSeed } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

/** A runner that starts builds when the dispatcher says and finishes each when the test says. */
function heldRunner() {
  const started: { buildId: string; address: string | undefined; progress: BuildProgress }[] = [];
  const runner: BuildRunner = {
    start(job, progress, address) {
      started.push({ buildId: job.buildId, address, progress });
      return { cancel() {} };
    },
    close() {},
  };
  const finish = (buildId: string) => {
    const { progress } = started.find((build) => build.buildId === buildId)!;
    progress.stageStarted('IP');
    progress.stageFinished('IP', 'succeeded');
    progress.finished({ status: 'succeeded' });
  };
  return { runner, started, finish };
}

/**
 * A public demo's build queue is shared by every visitor; one address's many workspaces (up to
 * MOCK_MAX_SANDBOXES_PER_ADDRESS) each queue builds. Builds take turns by address, so a visitor who
 * queued one build after a flood from another address waits for one of the flood's builds, not all.
 */
describe('the shared build queue takes turns between client addresses', () => {
  const seed = useTestSeed();

  it("one build from a second address runs next, not after the first address's earlier builds", async () => {
    const held = heldRunner();
    // One build at a time, as a gateway with one tool slot.
    const harness = sandboxHarness({
      seed: seed(),
      runner: held.runner,
      capacity: 1,
      mode: 'session',
      clock: Date.now,
    });
    const queueFrom = async (sessionId: string, address: string) => {
      const session = sessionOf(sessionId);
      const key = await harness.visit(session, { address, write: false });
      return harness.registry.use(key, { address, write: true }, (sandbox) => {
        const adder = sandbox.listProjects().find((project) => project.name === 'Adder')!;
        return sandbox.newBuild(adder.id).id;
      });
    };
    const flood = [
      await queueFrom('flood-1', '203.0.113.7'),
      await queueFrom('flood-2', '203.0.113.7'),
      await queueFrom('flood-3', '203.0.113.7'),
    ];
    const visitor = await queueFrom('visitor', '198.51.100.2');
    const startedIds = () => held.started.map((build) => build.buildId);
    const whenStarted = (count: number) =>
      waitFor(async () => held.started.length >= count || undefined, `${count} builds started`);

    await whenStarted(1);
    expect(startedIds()).toEqual([flood[0]]);
    expect(held.started[0]!.address).toBe('203.0.113.7');
    held.finish(flood[0]!);
    await whenStarted(2);
    // First come first served would run flood-2 and flood-3 first.
    expect(startedIds()).toEqual([flood[0], visitor]);
    expect(held.started[1]!.address).toBe('198.51.100.2');
    held.finish(visitor);
    await whenStarted(3);
    held.finish(flood[1]!);
    await whenStarted(4);
    expect(startedIds()).toEqual([flood[0], visitor, flood[1], flood[2]]);
    held.finish(flood[2]!);
    await harness.close();
  });
});
