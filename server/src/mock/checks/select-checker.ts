import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { findGhdl, toolSandbox, type SelectedRunner } from '../builds/select-runner.js';
import { findVerilator } from '../builds/verilog-check.js';
import { DraftChecker } from './draft-check.js';

/**
 * The draft checker of a mock whose builds run the real toolchain (with its tools, sandbox and memory
 * limit); null when builds are simulated: the toolchain is missing, or refused without isolation.
 */
export function selectDraftChecker(config: AppConfig['mock'], builds: SelectedRunner['kind']): DraftChecker | null {
  if (builds !== 'toolchain') return null;
  const ghdl = findGhdl();
  if (!ghdl) return null;
  return new DraftChecker({
    platformDir: path.join(config.fixturesDir, 'platform'),
    ghdl,
    verilator: findVerilator(),
    sandbox: toolSandbox(undefined, config.buildMemoryMb * 1024 * 1024),
    concurrency: config.buildConcurrency ?? os.availableParallelism(),
  });
}
