import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { version as yosysVersion } from '@yowasp/yosys';
import type { AppConfig } from '../../config.js';
import type { SeedData } from '../fixtures.js';
import type { BuildRunner } from './runner.js';
import { SimulatedRunner } from './simulated-runner.js';
import {
  describeIsolation,
  detectIsolation,
  nodeModulesFor,
  type IsolationKind,
  type ToolSandbox,
} from './toolchain/bubblewrap.js';
import { ToolchainRunner } from './toolchain/toolchain-runner.js';
import { findVerilator } from './toolchain/verilog-check.js';
import { YOSYS_PROCESS } from './toolchain/yosys-memory.js';

/** The largest file a tool may write (RLIMIT_FSIZE): a design cannot fill the disk. */
export const TOOL_FILE_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** The memory a tool may allocate unless MOCK_BUILD_MEMORY_MB says otherwise (RLIMIT_DATA). */
export const TOOL_MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;

/**
 * The sandbox of this machine's tools: the detected isolation, and what they read besides /usr —
 * the Yosys wrapper's folder, the node_modules it imports from, and node itself when it is not in /usr.
 */
export function toolSandbox(
  kind: IsolationKind = detectIsolation(),
  memoryLimitBytes = TOOL_MEMORY_LIMIT_BYTES,
): ToolSandbox {
  const readOnly = [path.dirname(YOSYS_PROCESS)];
  const modules = nodeModulesFor(YOSYS_PROCESS, '@yowasp/yosys');
  if (modules) readOnly.push(modules);
  const nodePrefix = path.dirname(path.dirname(process.execPath));
  if (!process.execPath.startsWith('/usr/')) readOnly.push(nodePrefix);
  return { kind, readOnly, fileSizeLimitBytes: TOOL_FILE_SIZE_LIMIT_BYTES, memoryLimitBytes };
}

export const UNISOLATED_REFUSED =
  'toolchain builds are refused: bubblewrap (`apt-get install bubblewrap`) is not usable here, so the tools could read ' +
  "the gateway's files, and HOST is not a loopback address. Install bubblewrap, or set MOCK_BUILD_UNISOLATED=allow";

/** GHDL's path and version line, or null when it is not installed. */
export function findGhdl(): { path: string; version: string } | null {
  const result = spawnSync('ghdl', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return null;
  const lines = result.stdout.split('\n');
  const backend = lines.find((line) => /code generator/.test(line))?.trim();
  return { path: 'ghdl', version: [lines[0]?.trim(), backend].filter(Boolean).join(', ') };
}

export const GHDL_MISSING =
  'GHDL was not found on PATH: install it with `apt-get install ghdl` (`npm start` and `npm test` do)';

export interface SelectedRunner {
  runner: BuildRunner;
  kind: 'toolchain' | 'simulated';
  /** One sentence for the start-up log: which runner, and why. */
  reason: string;
}

/** MOCK_BUILDS: `toolchain` (GHDL required), `simulated`, or `auto` (the toolchain when GHDL is found). */
export function selectRunner(
  config: AppConfig['mock'],
  seed: SeedData,
  ghdl = findGhdl(),
  sandbox = toolSandbox(detectIsolation(), config.buildMemoryMb * 1024 * 1024),
): SelectedRunner {
  const simulated = () => new SimulatedRunner({ stageLogs: seed.stageLogs, stepMs: config.buildStepMs });
  if (config.builds === 'simulated') {
    return { runner: simulated(), kind: 'simulated', reason: 'MOCK_BUILDS=simulated: builds replay the fixture logs' };
  }
  if (!ghdl) {
    if (config.builds === 'toolchain') throw new Error(`MOCK_BUILDS=toolchain, but ${GHDL_MISSING}`);
    return {
      runner: simulated(),
      kind: 'simulated',
      reason: `MOCK_BUILDS=auto: ${GHDL_MISSING}; builds replay the fixture logs`,
    };
  }
  if (sandbox.kind !== 'bwrap' && config.buildUnisolated === 'refuse') {
    if (config.builds === 'toolchain') throw new Error(`MOCK_BUILDS=toolchain, but ${UNISOLATED_REFUSED}`);
    return {
      runner: simulated(),
      kind: 'simulated',
      reason: `MOCK_BUILDS=auto: ${UNISOLATED_REFUSED}; builds replay the fixture logs`,
    };
  }
  const concurrency = config.buildConcurrency ?? os.availableParallelism();
  const runner = new ToolchainRunner({
    platformDir: config.platformDir,
    ghdl,
    verilator: findVerilator(),
    yosysVersion,
    concurrency,
    timeLimitMs: config.buildTimeLimitSeconds * 1000,
    outputLimitBytes: config.buildOutputLimitKb * 1024,
    outputLimitLines: config.buildOutputLimitLines,
    sandbox,
  });
  return {
    runner,
    kind: 'toolchain',
    reason:
      `MOCK_BUILDS=${config.builds}: builds run ${ghdl.version} and Yosys ${yosysVersion} ` +
      `(${concurrency} at once, each tool at most ${Math.round(sandbox.memoryLimitBytes / 1024 / 1024)} MiB of memory; ` +
      `${describeIsolation(sandbox.kind)})`,
  };
}
