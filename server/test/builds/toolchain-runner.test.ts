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
import { artifact, cores, ghdl, startBuild as start, toolchainRunner, type Finished } from './toolchain-harness.js';

// Real builds: every seed project and example through GHDL and Yosys, the broken seed project
// failing where its fixture says, cancel and both limits, and the per-core queue.

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

// `npm test` builds every seed project and one example: the biggest (pwm-generator, the design the stopping
// tests below keep Yosys busy with), built to the end once. The whole catalogue is a matrix of the same
// pipeline on more designs: `npm run bench` builds it (TOOLCHAIN_ALL_EXAMPLES=1, some 10 s of CPU each), and
// fixtures/hdl.test.ts analyses every example's files with GHDL in every run, so none goes unchecked.
const BUILT_EXAMPLES = ['pwm-generator'];
const ALL_EXAMPLES = process.env.TOOLCHAIN_ALL_EXAMPLES === '1';
const exampleIds = readdirSync(path.join(FIXTURES_DIR, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const builtExamples = ALL_EXAMPLES ? exampleIds : BUILT_EXAMPLES;

describe('every seed project and example, built by the real tools (concurrently, one per core)', () => {
  const started = Date.now();
  const times: string[] = [];
  let builds: Map<string, Promise<Finished>>;
  const items = () => [
    ...seed.projects.map((p) => ({
      label: `projects/${p.slug}`,
      config: p.config,
      files: p.files,
      error: p.build_error,
    })),
    ...seed.examples
      .filter((e) => builtExamples.includes(e.id))
      .map((e) => ({
        label: `examples/${e.id}`,
        config: seed.projects[0]!.config,
        files: e.files,
        error: undefined,
      })),
  ];
  const labels = [
    ...['adder', 'arithmetic-unit', 'clip-draft', 'moving-average', 'scale-offset-legacy', 'voltage-limiter'].map(
      (s) => `projects/${s}`,
    ),
    ...builtExamples.map((s) => `examples/${s}`),
  ];

  beforeAll(() => {
    const r = runner();
    builds = new Map(
      items().map((item) => {
        const build = start(r, item.label, item.config, item.files);
        return [
          item.label,
          build.done.then(
            (f) => (times.push(`${item.label}: ${((f.finishedAt - f.startedAt) / 1000).toFixed(1)} s`), f),
          ),
        ];
      }),
    );
  });
  afterAll(() => {
    // The figures the closing note reports: each build's own time, and the whole run's.
    process.stdout.write(
      `toolchain builds (${cores} at once):\n  ${times.join('\n  ')}\n  total: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });

  it('knows every example it builds by default', () => {
    expect(BUILT_EXAMPLES.filter((id) => !exampleIds.includes(id))).toEqual([]);
  });

  it('covers every seed project and the chosen examples', () => {
    expect(
      items()
        .map((i) => i.label)
        .sort(),
    ).toEqual([...labels].sort());
  });

  it.each(labels)('%s', { timeout: 600_000 }, async (label) => {
    const item = items().find((i) => i.label === label)!;
    const built = await builds.get(label)!;
    const { outcome, log } = built;
    expect(log.slice(0, 3).join('\n')).toMatch(/CHECK BUILD with open-source tools, not a bitstream/);
    expect(log.join('\n')).not.toContain(tmpRoot);
    // No server path (the Yosys worker's, the repository's) and no report heading a log viewer takes for a stage.
    expect(log.join('\n')).not.toContain(REPO_ROOT);
    expect(log.filter((l) => /^\s*={3,}.*={3,}\s*$/.test(l))).toEqual([]);
    expect(artifact(outcome, 'build.log')).toContain('==> Stage: SYNTHESIS');
    expect(artifact(outcome, 'build.log')).toMatch(
      /^Check build summary: \d+ errors? · \d+ warnings? in your files (?:· \d+ platform notes? )?· \d+ from the platform\n/,
    );
    if (item.error) {
      expect(outcome.status, log.join('\n')).toBe('failed');
      const first = built.diagnostics.find((d) => d.severity === 'error' && d.origin === 'user');
      expect(first).toMatchObject({ file: item.error.file, line: item.error.line });
      expect(outcome.status === 'failed' && outcome.error).toContain(`(${item.error.file}, line ${item.error.line})`);
      expect(built.stages).toEqual({ IP: 'succeeded', SYNTHESIS: 'failed' });
      expect(log).toContain(`${item.error.file}:${item.error.line}:${first!.column}: error: ${first!.message}`);
      return;
    }
    expect(outcome.status, log.join('\n')).toBe('succeeded');
    expect(built.stages).toEqual({ IP: 'succeeded', SYNTHESIS: 'succeeded', ROUTE: 'skipped', BITSTREAM: 'skipped' });
    const report = artifact(outcome, 'resources.rpt')!;
    const { cells, wires } = resourceCounts(report);
    // Every seed design registers its outputs and computes something: tens of cells at the very least.
    expect(cells).toBeGreaterThan(50);
    expect(wires).toBeGreaterThan(10);
    const netlist = JSON.parse(artifact(outcome, 'netlist.json')!) as { modules: Record<string, { cells: object }> };
    expect(Object.keys(netlist.modules)).toContain(item.config.target);
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
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

// Also Yosys under concurrent load at the smallest memory limit the gateway accepts (MOCK_BUILD_MEMORY_MB=128):
// two builds at once, twice, never run out of memory. The limit is the design's memory (Yosys's WebAssembly
// memory); V8's own memory (compiled code, heap) is not counted against it (yosys-memory.ts). Before, RLIMIT_DATA
// held both, and V8 alone needs over 400 MiB to run Yosys.
const SMALLEST_LIMIT_BYTES = 128 * 1024 * 1024;

describe('one build per core', () => {
  it(
    'runs two builds at once on two slots; the next two wait with their places in the queue, then run; none runs out of memory at the smallest limit',
    { timeout: 300_000 },
    async () => {
      const r = runner({ concurrency: 2, sandbox: toolSandbox(undefined, SMALLEST_LIMIT_BYTES) });
      const project = seed.projects.find((p) => p.slug === 'voltage-limiter')!; // Verilog: Verilator checks, Yosys estimates
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => start(r, n, project.config, project.files));
      const third = await Promise.race([
        c!.done.then(() => 'third finished'),
        a!.done.then(() => 'first finished'),
        b!.done.then(() => 'second finished'),
      ]);
      expect(third).not.toBe('third finished');
      const [fa, fb, fc, fd] = await Promise.all([a!.done, b!.done, c!.done, d!.done]);
      for (const { outcome, log } of [fa!, fb!, fc!, fd!]) {
        // The tools' own words (a command line's `-Wno-fatal` is no failure).
        expect(log.filter((l) => !l.startsWith('$ ') && /out of memory|semi space|FATAL/i.test(l))).toEqual([]);
        expect(outcome.status, log.join('\n')).toBe('succeeded');
      }
      expect(fa!.waited).toEqual([]);
      expect(fb!.waited).toEqual([]);
      expect(fc!.waited[0]).toBe(0); // next in line, behind the two running builds
      expect(fd!.waited[0]).toBe(1); // behind the third
      // The first two really ran at the same time; the third started only once a slot was free, the fourth
      // once two of the first three had finished.
      expect(Math.max(fa!.startedAt, fb!.startedAt)).toBeLessThan(Math.min(fa!.finishedAt, fb!.finishedAt));
      expect(fc!.startedAt).toBeGreaterThanOrEqual(Math.min(fa!.finishedAt, fb!.finishedAt));
      const [, secondFree] = [fa!.finishedAt, fb!.finishedAt, fc!.finishedAt].sort((x, y) => x - y);
      expect(fd!.startedAt).toBeGreaterThanOrEqual(secondFree!);
    },
  );
});
