import { readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GHDL_MISSING, toolSandbox } from '../../src/mock/builds/select-runner.js';
import type { ToolchainRunner, ToolchainRunnerOptions } from '../../src/mock/builds/toolchain/toolchain-runner.js';
import { resourceCounts } from '../../src/mock/builds/toolchain/toolchain-steps.js';
import { REPO_ROOT } from '../../src/config.js';
import { loadSeedData, type SeedData } from '../../src/mock/fixtures.js';
import { FIXTURES_DIR } from '../fixtures/seed-data.js';
import { liveProcesses } from './processes.js';
import { artifact, ghdl, startBuild as start, toolchainRunner, type Finished } from './toolchain-harness.js';

// Real builds through GHDL, Verilator and Yosys: seed projects of every kind, two at a time in a queue at the
// smallest memory limit, the broken seed project failing where its fixture says, cancel and both limits.

let seed: SeedData;
let tmpRoot: string;

beforeAll(async () => {
  if (!ghdl) throw new Error(GHDL_MISSING);
  seed = await loadSeedData(FIXTURES_DIR);
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'toolchain-test-'));
});
afterAll(() => (tmpRoot ? rm(tmpRoot, { recursive: true, force: true }) : undefined));

function runner(overrides: Partial<ToolchainRunnerOptions> = {}): ToolchainRunner {
  return toolchainRunner(tmpRoot, overrides);
}

// `npm test` builds one seed project of each kind (each some 10 s of Yosys's CPU): one VHDL file, VHDL files
// with a component, the older CustomWrapper target, Verilog (Verilator checks, Yosys estimates), and the
// broken one. The rest is a matrix of the same pipeline on more designs of those kinds: moving-average and
// every example, which `npm run bench` builds (TOOLCHAIN_MATRIX=full, with every assertion below);
// fixtures/hdl.test.ts analyses every seed's and example's files with GHDL in every run, so none goes unchecked.
const SUITE_SEEDS = ['adder', 'arithmetic-unit', 'scale-offset-legacy', 'voltage-limiter', 'clip-draft'];
const FULL_MATRIX = process.env.TOOLCHAIN_MATRIX === 'full';
const folders = (kind: string) =>
  readdirSync(path.join(FIXTURES_DIR, kind), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const seedSlugs = folders('projects');
const builtSeeds = FULL_MATRIX ? seedSlugs : SUITE_SEEDS;
const builtExamples = FULL_MATRIX ? folders('examples') : [];

// Yosys under concurrent load at the smallest memory limit the gateway accepts (MOCK_BUILD_MEMORY_MB=128): the
// builds above run two at a time on two slots, the rest waiting with their places in the queue, and none runs
// out of memory. The limit is the design's memory (Yosys's WebAssembly memory); V8's own memory (compiled code,
// heap) is not counted against it (yosys-memory.ts). Before, RLIMIT_DATA held both, and V8 alone needs over
// 400 MiB to run Yosys: the seed project moving-average failed that way under `npm test`'s load.
const SLOTS = 2;
const SMALLEST_LIMIT_BYTES = 128 * 1024 * 1024;

describe('seed projects of every kind, built by the real tools two at a time at the smallest memory limit', () => {
  const started = Date.now();
  const times: string[] = [];
  // The broken seed last, so the first two builds on the slots both run Yosys.
  const items = () => [
    ...seed.projects
      .filter((p) => builtSeeds.includes(p.slug))
      .map((p) => ({ label: `projects/${p.slug}`, config: p.config, files: p.files, error: p.build_error }))
      .sort((a, b) => Number(a.error !== undefined) - Number(b.error !== undefined)),
    ...seed.examples
      .filter((e) => builtExamples.includes(e.id))
      .map((e) => ({
        label: `examples/${e.id}`,
        config: seed.projects[0]!.config,
        files: e.files,
        error: undefined,
      })),
  ];
  const labels = [...builtSeeds.map((s) => `projects/${s}`), ...builtExamples.map((s) => `examples/${s}`)];
  // In the order they were queued.
  let builds: Promise<Finished>[];
  const built = (label: string) => builds[items().findIndex((i) => i.label === label)]!;

  beforeAll(() => {
    const r = runner({ concurrency: SLOTS, sandbox: toolSandbox(undefined, SMALLEST_LIMIT_BYTES) });
    builds = items().map((item) =>
      start(r, item.label, item.config, item.files).done.then(
        (f) => (times.push(`${item.label}: ${((f.finishedAt - f.startedAt) / 1000).toFixed(1)} s`), f),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(builds ?? []); // also those of tests left out by -t, before their directory goes
    // The figures the closing note reports: each build's own time, and the whole run's.
    process.stdout.write(
      `toolchain builds (${SLOTS} at once):\n  ${times.join('\n  ')}\n  total: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }, 1_800_000);

  it('knows every seed project it builds by default, and the broken one is among them', () => {
    expect(SUITE_SEEDS.filter((slug) => !seedSlugs.includes(slug))).toEqual([]);
    expect(seed.projects.filter((p) => p.build_error && !SUITE_SEEDS.includes(p.slug))).toEqual([]);
  });

  it('covers the chosen seed projects and examples', () => {
    expect(
      items()
        .map((i) => i.label)
        .sort(),
    ).toEqual([...labels].sort());
  });

  it.each(labels)('%s', { timeout: 1_800_000 }, async (label) => {
    const item = items().find((i) => i.label === label)!;
    const finished = await built(label);
    const { outcome, log } = finished;
    expect(log.slice(0, 3).join('\n')).toMatch(/CHECK BUILD with open-source tools, not a bitstream/);
    expect(log.join('\n')).not.toContain(tmpRoot);
    // No server path (the Yosys worker's, the repository's) and no report heading a log viewer takes for a stage.
    expect(log.join('\n')).not.toContain(REPO_ROOT);
    expect(log.filter((l) => /^\s*={3,}.*={3,}\s*$/.test(l))).toEqual([]);
    // The tools' own words (a command line's `-Wno-fatal` is no failure).
    expect(log.filter((l) => !l.startsWith('$ ') && /out of memory|semi space|FATAL/i.test(l))).toEqual([]);
    expect(artifact(outcome, 'build.log')).toContain('==> Stage: SYNTHESIS');
    expect(artifact(outcome, 'build.log')).toMatch(
      /^Check build summary: \d+ errors? · \d+ warnings? in your files (?:· \d+ platform notes? )?· \d+ from the platform\n/,
    );
    if (item.error) {
      expect(outcome.status, log.join('\n')).toBe('failed');
      const first = finished.diagnostics.find((d) => d.severity === 'error' && d.origin === 'user');
      expect(first).toMatchObject({ file: item.error.file, line: item.error.line });
      expect(outcome.status === 'failed' && outcome.error).toContain(`(${item.error.file}, line ${item.error.line})`);
      expect(finished.stages).toEqual({ IP: 'succeeded', SYNTHESIS: 'failed' });
      expect(log).toContain(`${item.error.file}:${item.error.line}:${first!.column}: error: ${first!.message}`);
      return;
    }
    expect(outcome.status, log.join('\n')).toBe('succeeded');
    expect(finished.stages).toEqual({
      IP: 'succeeded',
      SYNTHESIS: 'succeeded',
      ROUTE: 'skipped',
      BITSTREAM: 'skipped',
    });
    const report = artifact(outcome, 'resources.rpt')!;
    const { cells, wires } = resourceCounts(report);
    // Every seed design registers its outputs and computes something: tens of cells at the very least.
    expect(cells).toBeGreaterThan(50);
    expect(wires).toBeGreaterThan(10);
    const netlist = JSON.parse(artifact(outcome, 'netlist.json')!) as { modules: Record<string, { cells: object }> };
    expect(Object.keys(netlist.modules)).toContain(item.config.target);
    expect(finished.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it(
    'one build per slot: the first two run at once; each next one waits with its place in the queue and starts only when a slot is free',
    { timeout: 1_800_000 },
    async () => {
      const all = await Promise.all(builds);
      expect(all.length).toBeGreaterThan(SLOTS + 1);
      const [first, second] = all;
      expect(first!.waited).toEqual([]);
      expect(second!.waited).toEqual([]);
      // The first two really ran at the same time.
      expect(Math.max(first!.startedAt, second!.startedAt)).toBeLessThan(
        Math.min(first!.finishedAt, second!.finishedAt),
      );
      all.slice(SLOTS).forEach((later, i) => {
        const queued = SLOTS + i;
        // Told its place when queued: behind every build queued before it that had no slot.
        expect(later.waited[0], `build ${queued}`).toBe(i);
        // Started once as many builds queued before it had finished as leave a slot free.
        const freed = all
          .slice(0, queued)
          .map((f) => f.finishedAt)
          .sort((x, y) => x - y)[queued - SLOTS]!;
        expect(later.startedAt, `build ${queued}`).toBeGreaterThanOrEqual(freed);
      });
    },
  );
});

/** A design that keeps Yosys busy for a while: the biggest example. */
const busy = () => ({
  config: seed.projects[0]!.config,
  files: seed.examples.find((e) => e.id === 'pwm-generator')!.files,
});

async function waitUntil(check: () => boolean, what: string, ms = 120_000, seen?: () => unknown) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${seen ? `: ${JSON.stringify(seen())}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('stopping a build', () => {
  it(
    'cancel during synthesis kills the tool at once: no process is left and the build directory is gone',
    { timeout: 180_000 },
    async () => {
      const root = await mkdtemp(path.join(tmpRoot, 'cancel-'));
      const { config, files } = busy();
      let finished = false;
      const build = start(runner({ tmpRoot: root }), 'cancel', config, files);
      void build.done.then(() => (finished = true));
      await waitUntil(() => build.log.some((l) => l.startsWith('$ yosys')), 'Yosys to start');
      await waitUntil(() => liveProcesses().some((p) => p.cwd?.startsWith(root)), 'the tool process');
      build.running.cancel();
      // Killed at once. When this fails, the message lists the build's processes left, with their state and
      // whether the kernel is tearing them down (a kill that landed) or not (a kill that missed).
      await waitUntil(
        () => !liveProcesses().some((p) => p.cwd?.startsWith(root)),
        'no tool process',
        2000,
        () => liveProcesses().filter((p) => p.cwd?.startsWith(root)),
      );
      // The directory goes once the killed process is reaped.
      const deadline = Date.now() + 5000;
      while ((await readdir(root)).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await readdir(root)).toEqual([]);
      expect(finished).toBe(false); // nothing is reported after cancel
    },
  );

  it(
    'close (the gateway stopping) kills the tools and removes the build directories before it returns',
    { timeout: 180_000 },
    async () => {
      const root = await mkdtemp(path.join(tmpRoot, 'close-'));
      const { config, files } = busy();
      const r = runner({ tmpRoot: root });
      const build = start(r, 'close', config, files);
      await waitUntil(() => build.log.some((l) => l.startsWith('$ ghdl')), 'the first tool');
      r.close();
      expect(await readdir(root)).toEqual([]);
      // Killed at once; the kernel may take a moment to tear down Yosys's large WebAssembly memory on a busy
      // machine (the design itself keeps Yosys busy far longer).
      await waitUntil(() => !liveProcesses().some((p) => p.cwd?.startsWith(root)), 'no tool process', 5000);
    },
  );

  it('stops at the time limit, failing the build and saying so in the log', { timeout: 180_000 }, async () => {
    // The limit must strike while GHDL checks the design: once the check is done, Yosys running out of time
    // only skips the resource estimate (a platform note, yosys-estimate.test.ts). A constant GHDL computes
    // while it elaborates keeps it busy far beyond the limit, on an idle machine as on a loaded one.
    const spinning = [
      'architecture rtl of CustomInstrument is',
      '  function spin(n : integer) return integer is',
      '    variable acc : integer := 0;',
      '  begin',
      '    for i in 1 to n loop',
      '      acc := (acc + i) mod 1000;',
      '    end loop;',
      '    return acc;',
      '  end function;',
      '  constant SPUN : integer := spin(2000000000);',
      'begin',
      '  OutputA <= InputA;',
      '  OutputB <= to_signed(SPUN, 16);',
      'end architecture;',
    ];
    const { outcome, log } = await start(runner({ timeLimitMs: 2000 }), 'slow', seed.projects[0]!.config, [
      { name: 'spinning.vhd', content: spinning.join('\n') },
    ]).done;
    expect(outcome).toMatchObject({ status: 'failed', error: 'SYNTHESIS failed: the time limit was reached' });
    expect(log).toContain('ERROR: time limit reached: the build was stopped after 2 s (MOCK_BUILD_TIME_LIMIT_S)');
  });

  it('stops at the output limit, and the log says where it was cut', { timeout: 180_000 }, async () => {
    const noisy = [
      'architecture rtl of CustomInstrument is',
      'begin',
      ...Array.from({ length: 60 }, (_, i) => `  OutputA <= InputA garbage${i} here;`),
      'end architecture;',
    ];
    const { outcome, log } = await start(runner({ outputLimitBytes: 600 }), 'noisy', seed.projects[0]!.config, [
      { name: 'noisy.vhd', content: noisy.join('\n') },
    ]).done;
    expect(outcome).toMatchObject({ status: 'failed', error: 'SYNTHESIS failed: the output limit was reached' });
    const cut = log.indexOf('ERROR: output limit reached: the log was cut here, at 1 KiB (MOCK_BUILD_OUTPUT_LIMIT_KB)');
    expect(cut).toBeGreaterThan(0);
    expect(log.slice(cut + 1).filter((l) => l.startsWith('noisy.vhd'))).toEqual([]);
  });
});
