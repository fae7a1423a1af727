import { spawnSync } from 'node:child_process';
import os from 'node:os';
import type { AppConfig } from '../../config.js';
import { detectIsolation, TOOL_FILE_SIZE_LIMIT_BYTES, toolSandbox } from '../builds/index.js';
import { ReplayRunner } from './replay-runner.js';
import type { SimulationRunner } from './simulation-runner.js';
import { ToolchainSimulationRunner } from './toolchain-simulation-runner.js';

/** Icarus Verilog's compiler and runtime, or null when it is not installed. */
export function findIcarus(): { iverilog: string; vvp: string } | null {
  const found = spawnSync('iverilog', ['-V'], { encoding: 'utf8', timeout: 10_000 });
  return found.status === 0 || /Icarus Verilog/.test(`${found.stdout}${found.stderr}`)
    ? { iverilog: 'iverilog', vvp: 'vvp' }
    : null;
}

/**
 * Simulations follow the builds: the real tools (GHDL, Icarus Verilog) in the build sandbox with the
 * builds' limits when builds run them, else the stimulus replayed alone.
 */
export function selectSimulationRunner(config: AppConfig['mock'], builds: 'toolchain' | 'simulated'): SimulationRunner {
  if (builds !== 'toolchain') return new ReplayRunner();
  const sandbox = {
    ...toolSandbox(detectIsolation(), config.buildMemoryMb * 1024 * 1024),
    // The dump is read as it grows and stopped at its own limit; this is the backstop past it.
    fileSizeLimitBytes: Math.max(TOOL_FILE_SIZE_LIMIT_BYTES, config.simulationVcdBytes + 16 * 1024 * 1024),
  };
  return new ToolchainSimulationRunner({
    platformDir: config.platformDir,
    ghdl: 'ghdl',
    icarus: findIcarus(),
    sandbox,
    limits: {
      timeLimitMs: config.buildTimeLimitSeconds * 1000,
      outputLimitBytes: config.buildOutputLimitKb * 1024,
      outputLimitLines: config.buildOutputLimitLines,
    },
    concurrency: config.buildConcurrency ?? os.availableParallelism(),
  });
}
