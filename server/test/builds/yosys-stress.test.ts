import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSandbox } from '../../src/mock/builds/select-runner.js';
import { loadSeedData, type SeedData } from '../../src/mock/fixtures.js';
import { FIXTURES_DIR } from '../fixtures/seed-data.js';
import { startBuild, toolchainRunner } from './toolchain-harness.js';

// Yosys under concurrent load never runs out of memory on a tiny design: two builds at once, twice, at
// the smallest memory limit the gateway accepts (MOCK_BUILD_MEMORY_MB=128). The limit is the design's
// memory (Yosys's WebAssembly memory); V8's own memory (compiled code, heap) is not counted against it
// (yosys-memory.ts). Before, RLIMIT_DATA held both, and V8 alone needs over 400 MiB to run Yosys.

const SMALLEST_LIMIT_BYTES = 128 * 1024 * 1024;
let seed: SeedData;
let tmpRoot: string;
beforeAll(async () => {
  seed = await loadSeedData(FIXTURES_DIR);
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'yosys-stress-'));
});
afterAll(() => rm(tmpRoot, { recursive: true, force: true }));

describe('Yosys under concurrent builds', () => {
  it('two builds at once, repeated, never run out of memory', { timeout: 300_000 }, async () => {
    const project = seed.projects.find((p) => p.slug === 'voltage-limiter')!; // Verilog: Verilator checks, Yosys estimates
    const runner = toolchainRunner(tmpRoot, { concurrency: 2, sandbox: toolSandbox(undefined, SMALLEST_LIMIT_BYTES) });
    for (const round of [1, 2]) {
      const builds = await Promise.all(
        ['a', 'b'].map((n) => startBuild(runner, `${n}${round}`, project.config, project.files).done),
      );
      for (const { outcome, log } of builds) {
        // The tools' own words (a command line's `-Wno-fatal` is no failure).
        expect(log.filter((l) => !l.startsWith('$ ') && /out of memory|semi space|FATAL/i.test(l))).toEqual([]);
        expect(outcome.status, log.join('\n')).toBe('succeeded');
      }
    }
  });
});
