import os from 'node:os';
import { version as yosysVersion } from '@yowasp/yosys';
import type { Diagnostic } from '../../src/mock/builds/diagnostics.js';
import type { BuildJob, BuildOutcome, BuildRunner, RunningBuild } from '../../src/mock/builds/runner.js';
import { findGhdl, GHDL_MISSING, toolSandbox } from '../../src/mock/builds/select-runner.js';
import { ToolchainRunner, type ToolchainRunnerOptions } from '../../src/mock/builds/toolchain/toolchain-runner.js';
import { findVerilator } from '../../src/mock/builds/toolchain/verilog-check.js';
import type { ProjectConfig, SourceFile } from '../../src/mock/domain.js';
import { PLATFORM_DIR } from '../fixtures/seed-data.js';

// Running real check builds in tests: a toolchain runner with the test's limits, and one build followed
// from start to finish (its log, stages, diagnostics and outcome).

export const ghdl = findGhdl();
export const cores = os.availableParallelism();

export function toolchainRunner(tmpRoot: string, overrides: Partial<ToolchainRunnerOptions> = {}): ToolchainRunner {
  if (!ghdl) throw new Error(GHDL_MISSING);
  return new ToolchainRunner({
    platformDir: PLATFORM_DIR,
    ghdl,
    verilator: findVerilator(),
    yosysVersion,
    concurrency: cores,
    timeLimitMs: 240_000,
    outputLimitBytes: 2 << 20,
    sandbox: toolSandbox(),
    tmpRoot,
    ...overrides,
  });
}

export interface Finished {
  outcome: BuildOutcome;
  log: string[];
  diagnostics: readonly Diagnostic[];
  stages: Record<string, string>;
  waited: number[];
  startedAt: number;
  finishedAt: number;
}

export interface Started {
  done: Promise<Finished>;
  running: RunningBuild;
  log: string[];
  started: () => boolean;
}

export function startBuild(r: BuildRunner, name: string, config: ProjectConfig, files: readonly SourceFile[]): Started {
  const log: string[] = [];
  const stages: Record<string, string> = {};
  const waited: number[] = [];
  let diagnostics: readonly Diagnostic[] = [];
  let startedAt = 0;
  let resolve!: (f: Finished) => void;
  const done = new Promise<Finished>((r) => (resolve = r));
  const job: BuildJob = { buildId: `test-${name}`, projectName: name, config, queuedAt: new Date(), files };
  const running = r.start(job, {
    stageStarted: (stage) => {
      startedAt ||= Date.now();
      stages[stage] = 'running';
    },
    log: (lines) => log.push(...lines),
    stageFinished: (stage, outcome) => (stages[stage] = outcome),
    diagnostics: (list) => (diagnostics = list),
    waiting: (ahead) => waited.push(ahead),
    finished: (outcome) => resolve({ outcome, log, diagnostics, stages, waited, startedAt, finishedAt: Date.now() }),
  });
  return { done, running, log, started: () => startedAt > 0 };
}

export const artifact = (outcome: BuildOutcome, name: string) =>
  outcome.artifacts?.find((a) => a.name === name)?.content.toString('utf8');
