import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/mock/builds/diagnostics.js';
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
