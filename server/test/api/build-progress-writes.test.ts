import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/mock/builds/diagnostics.js';
import { LOG_BATCH_LINES } from '../../src/mock/builds/log-batches.js';
import type { BuildRunner } from '../../src/mock/builds/runner.js';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { sandboxHarness } from '../helpers/sandbox-harness.js';
import { useTestSeed } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * What one build's progress costs the store: a design can make a tool print a thousand warnings,
 * and each stored list of diagnostics rewrites the sandbox's whole document.
 */
describe('a build that reports a thousand diagnostics', () => {
  const seed = useTestSeed();

  it('rewrites the sandbox a handful of times, not once per diagnostic, and stores the whole list', async () => {
    const store = new MemoryStateStore();
    let sandboxWrites = 0;
    const write = store.write.bind(store);
    store.write = (key, ...rest) => {
      if (key.startsWith('sandbox:')) sandboxWrites++;
      return write(key, ...rest);
    };
    const warnings: Diagnostic[] = [];
    const chatty: BuildRunner = {
      start(_job, progress) {
        for (let line = 1; line <= 1000; line++) {
          warnings.push({
            file: 'adder.vhd',
            line,
            column: 1,
            severity: 'warning',
            message: `w${line}`,
            origin: 'user',
          });
          progress.diagnostics!([...warnings]);
        }
        progress.finished({ status: 'succeeded', artifacts: [] });
        return { cancel() {} };
      },
      close() {},
    };
    const harness = sandboxHarness({ seed: seed(), runner: chatty, store, clock: Date.now });
    const ada = await harness.ada();
    const projectId = await ada.read((s) => s.listProjects().find((p) => p.name === 'Adder')!.id);
    const buildId = await ada.write((s) => s.newBuild(projectId).id);
    const before = sandboxWrites;
    const build = await waitFor(async () => {
      const view = await ada.read((s) => s.getBuild(buildId));
      return view.status === 'succeeded' ? view : undefined;
    }, 'the build to finish');
    expect(build.diagnostics).toHaveLength(1000);
    // Each list stored was a rewrite of the sandbox: a thousand before the lists were throttled.
    expect(sandboxWrites - before).toBeLessThan(10);
    await harness.close();
  });
});

describe('a build whose tool prints a hundred thousand lines, one call each', () => {
  const seed = useTestSeed();

  it('stores them in batches of at most LOG_BATCH_LINES, all of them, in order', async () => {
    const store = new MemoryStateStore();
    let appends = 0;
    const append = store.append.bind(store);
    store.append = (key, items) => {
      if (key.startsWith('log:')) appends++;
      return append(key, items);
    };
    const lines = 100_000;
    const chatty: BuildRunner = {
      start(_job, progress) {
        progress.stageStarted('SYNTHESIS');
        for (let line = 0; line < lines; line++) progress.log([`${line}`]);
        progress.stageFinished('SYNTHESIS', 'succeeded');
        progress.finished({ status: 'succeeded', artifacts: [] });
        return { cancel() {} };
      },
      close() {},
    };
    const harness = sandboxHarness({ seed: seed(), runner: chatty, store, clock: Date.now });
    const ada = await harness.ada();
    const projectId = await ada.read((s) => s.listProjects().find((p) => p.name === 'Adder')!.id);
    const buildId = await ada.write((s) => s.newBuild(projectId).id);
    await waitFor(async () => {
      const view = await ada.read((s) => s.getBuild(buildId));
      return view.status === 'succeeded' ? view : undefined;
    }, 'the build to finish');
    // One store step per line (a promise, a closure and a copy each) before the batches.
    expect(appends).toBeLessThanOrEqual(lines / LOG_BATCH_LINES + 2);
    const stored = await store.slice(`log:${buildId}`, 0, lines + 1);
    expect(stored).toHaveLength(lines);
    expect(stored.every((line, i) => line === String(i))).toBe(true);
    await harness.close();
  });
});

describe('a build that made its own artifacts (the toolchain) finishing', () => {
  const seed = useTestSeed();

  it('never reads its log back: the lines and bytes it keeps were counted as they were stored', async () => {
    const store = new MemoryStateStore();
    let logReads = 0;
    const slice = store.slice.bind(store);
    store.slice = (key, ...rest) => {
      if (key.startsWith('log:')) logReads++;
      return slice(key, ...rest);
    };
    // Several batches, and lines whose UTF-8 bytes are more than their characters.
    const lines = Array.from({ length: 3 * LOG_BATCH_LINES + 7 }, (_, i) => `Überprüfe Zeile ${i} · µ`);
    const toolchainLike: BuildRunner = {
      start(_job, progress) {
        progress.stageStarted('SYNTHESIS');
        for (const line of lines) progress.log([line]);
        progress.stageFinished('SYNTHESIS', 'succeeded');
        progress.finished({ status: 'succeeded', artifacts: [] });
        return { cancel() {} };
      },
      close() {},
    };
    const harness = sandboxHarness({ seed: seed(), runner: toolchainLike, store, clock: Date.now });
    const ada = await harness.ada();
    const projectId = await ada.read((s) => s.listProjects().find((p) => p.name === 'Adder')!.id);
    const bytesBefore = await ada.read((s) => s.usage().buildBytes);
    const buildId = await ada.write((s) => s.newBuild(projectId).id);
    await waitFor(async () => {
      const view = await ada.read((s) => s.getBuild(buildId));
      return view.status === 'succeeded' ? view : undefined;
    }, 'the build to finish');
    // Before the running count, the dispatcher read all the lines back at the end only to count them.
    expect(logReads).toBe(0);
    const logBytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    // Its diagnostics are kept with it too: none, `[]`.
    expect((await ada.read((s) => s.usage().buildBytes)) - bytesBefore).toBe(logBytes + '[]'.length);
    const page = await ada.read((s) => s.getLog(buildId, 0, 1));
    expect(page).toMatchObject({ total: lines.length, complete: true, lines: [lines[0]] });
    await harness.close();
  });
});

describe('a build that fails within a stage', () => {
  const seed = useTestSeed();

  it('leaves no stage running: the stage it stopped in is failed, the later ones never ran', async () => {
    const failing: BuildRunner = {
      start(_job, progress) {
        progress.stageStarted('IP');
        progress.stageFinished('IP', 'succeeded');
        progress.stageStarted('SYNTHESIS');
        // An error the runner did not expect: it never says the stage ended.
        progress.finished({ status: 'failed', error: 'The build stopped unexpectedly: a file name is too long' });
        return { cancel() {} };
      },
      close() {},
    };
    const harness = sandboxHarness({ seed: seed(), runner: failing, clock: Date.now });
    const ada = await harness.ada();
    const projectId = await ada.read((s) => s.listProjects().find((p) => p.name === 'Adder')!.id);
    const buildId = await ada.write((s) => s.newBuild(projectId).id);
    const build = await waitFor(async () => {
      const view = await ada.read((s) => s.getBuild(buildId));
      return view.status === 'failed' ? view : undefined;
    }, 'the build to fail');
    expect(build.stages.map((stage) => [stage.name, stage.status])).toEqual([
      ['IP', 'succeeded'],
      ['SYNTHESIS', 'failed'],
      ['ROUTE', 'pending'],
      ['BITSTREAM', 'pending'],
    ]);
    await harness.close();
  });
});
