import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { version as yosysVersion } from '@yowasp/yosys';
import type { AppConfig } from '../../config.js';
import type { SeedData } from '../store/fixtures.js';
import type { BuildRunner } from './runner.js';
import { SimulatedRunner } from './simulated-runner.js';
import { canIsolateNetwork } from './tool-process.js';
import { ToolchainRunner } from './toolchain-runner.js';

/** GHDL's path and version line, or null when it is not installed. */
export function findGhdl(): { path: string; version: string } | null {
  const result = spawnSync('ghdl', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return null;
  const lines = result.stdout.split('\n');
  const backend = lines.find((line) => /code generator/.test(line))?.trim();
  return { path: 'ghdl', version: [lines[0]?.trim(), backend].filter(Boolean).join(', ') };
}

export const GHDL_MISSING = 'GHDL was not found on PATH: install it with `apt-get install ghdl` (`npm start` and `npm test` do)';

export interface SelectedRunner {
  runner: BuildRunner;
  kind: 'toolchain' | 'simulated';
  /** One sentence for the start-up log: which runner, and why. */
  reason: string;
}

/** MOCK_BUILDS: `toolchain` (GHDL required), `simulated`, or `auto` (the toolchain when GHDL is found). */
export function selectRunner(config: AppConfig['mock'], seed: SeedData, ghdl = findGhdl()): SelectedRunner {
  const simulated = () => new SimulatedRunner({ stageLogs: seed.stageLogs, stepMs: config.buildStepMs });
  if (config.builds === 'simulated') {
    return { runner: simulated(), kind: 'simulated', reason: 'MOCK_BUILDS=simulated: builds replay the fixture logs' };
  }
  if (!ghdl) {
    if (config.builds === 'toolchain') throw new Error(`MOCK_BUILDS=toolchain, but ${GHDL_MISSING}`);
    return { runner: simulated(), kind: 'simulated', reason: `MOCK_BUILDS=auto: ${GHDL_MISSING}; builds replay the fixture logs` };
  }
  const isolateNetwork = canIsolateNetwork();
  const concurrency = config.buildConcurrency ?? os.availableParallelism();
  const runner = new ToolchainRunner({
    platformDir: path.join(config.fixturesDir, 'platform'),
    ghdl,
    yosysVersion,
    concurrency,
    timeLimitMs: config.buildTimeLimitSeconds * 1000,
    outputLimitBytes: config.buildOutputLimitKb * 1024,
    isolateNetwork,
  });
  return {
    runner,
    kind: 'toolchain',
    reason:
      `MOCK_BUILDS=${config.builds}: builds run ${ghdl.version} and Yosys ${yosysVersion} ` +
      `(${concurrency} at once, ${isolateNetwork ? 'no network' : 'network not isolated: unshare -rn is unavailable'})`,
  };
}
