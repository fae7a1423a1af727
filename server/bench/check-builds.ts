/**
 * `npm run bench` (scripts/bench.sh): the check-build time of each seed design, p50 and p95 over a few
 * runs, so a slower pipeline shows. Each seed project (and with --examples each example) is built
 * `--runs` times (default 5) by the runner the gateway selects with MOCK_BUILDS=toolchain (GHDL,
 * Verilator and Yosys in the build sandbox), one build at a time: a figure is one build's time from
 * its start to its outcome, never a wait for a tool slot. A build whose outcome is not the fixture's
 * (a seed project with a `build_error` fails, every other design succeeds) makes the script exit 1.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { loadSeedData } from '../src/mock/fixtures.js';
import type { BuildOutcome, BuildRunner } from '../src/mock/builds/runner.js';
import { selectRunner } from '../src/mock/builds/select-runner.js';
import type { ProjectConfig, SourceFile } from '../src/mock/domain.js';
import { quantile } from './quantile.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, examples: { type: 'boolean', default: false } },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 100) throw new Error('--runs takes a whole number from 1 to 100');

interface Design {
  label: string;
  config: ProjectConfig;
  files: readonly SourceFile[];
  expected: BuildOutcome['status'];
}

/** One build to its outcome: how long it took, and how it ended. */
function buildOnce(runner: BuildRunner, design: Design, run: number): Promise<{ ms: number; outcome: BuildOutcome }> {
  const started = performance.now();
  return new Promise((resolve) => {
    runner.start(
      {
        buildId: `bench-${design.label}-${run}`,
        projectName: design.label,
        config: design.config,
        queuedAt: new Date(),
        files: design.files,
      },
      {
        stageStarted: () => {},
        log: () => {},
        stageFinished: () => {},
        finished: (outcome) => resolve({ ms: performance.now() - started, outcome }),
      },
    );
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...process.env, MOCK_BUILDS: 'toolchain' });
  const seed = await loadSeedData(config.mock.fixturesDir);
  const selected = selectRunner(config.mock, seed);
  const designs: Design[] = [
    ...seed.projects.map((p) => ({
      label: `projects/${p.slug}`,
      config: p.config,
      files: p.files,
      expected: p.build_error ? ('failed' as const) : ('succeeded' as const),
    })),
    ...(values.examples
      ? seed.examples.map((e) => ({
          label: `examples/${e.id}`,
          config: seed.projects[0]!.config,
          files: e.files,
          expected: 'succeeded' as const,
        }))
      : []),
  ];
  console.log(selected.reason);
  console.log(
    `${RUNS} check builds per seed design, one at a time; ${os.availableParallelism()} cores, load average ${load()} (1, 5, 15 min) at start`,
  );
  const width = Math.max(...designs.map((d) => d.label.length)) + 2;
  console.log(['seed'.padEnd(width), 'p50'.padStart(9), 'p95'.padStart(9), '  status'].join(''));
  let unexpected = 0;
  for (const design of designs) {
    const times: number[] = [];
    const ends: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { ms, outcome } = await buildOnce(selected.runner, design, run);
      times.push(ms);
      if (outcome.status !== design.expected)
        ends.push(outcome.status === 'failed' ? `failed: ${outcome.error}` : 'succeeded');
    }
    times.sort((a, b) => a - b);
    const status =
      ends.length === 0
        ? `${design.expected} ${RUNS}/${RUNS} as expected`
        : `UNEXPECTED ${ends.length}/${RUNS} (expected ${design.expected}; ${ends[0]})`;
    unexpected += ends.length;
    console.log(
      [
        design.label.padEnd(width),
        seconds(quantile(times, 0.5)).padStart(9),
        seconds(quantile(times, 0.95)).padStart(9),
        `  ${status}`,
      ].join(''),
    );
  }
  console.log(`load average ${load()} (1, 5, 15 min) at the end`);
  selected.runner.close();
  if (unexpected > 0) process.exitCode = 1;
}

void main();
