import type { ProjectConfig, SourceFile } from '../domain.js';
import type { SignalInfo, SimulationFailure, SimulationPlan } from './simulation-types.js';

/** What a runner needs for one simulation: a snapshot of the project taken when it was started. */
export interface SimulationJob {
  id: string;
  plan: SimulationPlan;
  files: readonly SourceFile[];
  config: ProjectConfig;
  clockHz: number;
}

/** Where a runner puts what a run produces (the service stores it). */
export interface SimulationOutput {
  log(lines: readonly string[]): void;
  /** A piece of the VCD, in order, as the tool writes it; false once the waveform size limit is reached (stop). */
  vcd(text: string): Promise<boolean>;
  /** What to say when the waveform size limit stopped a run. */
  vcdLimitMessage(): string;
  /** The stimulus as CSV (stimulus runs). */
  stimulusCsv(text: string): Promise<void>;
  /** What the dump's header cannot say about a signal: a port's sign, the volts of a code. */
  /** null: the signal is left out of the waveform (the simulator dumped more than the run records). */
  describeSignals(describe: (signal: SignalInfo) => SignalInfo | null): void;
}

export type SimulationOutcome = { status: 'passed' } | { status: 'failed'; failure: SimulationFailure };

/**
 * Runs simulations: the toolchain runner drives GHDL or Icarus Verilog in the build sandbox; the
 * replay runner (MOCK_BUILDS=simulated, no tools) records the stimulus alone.
 */
export interface SimulationRunner {
  readonly kind: 'toolchain' | 'replay';
  /** Resolves when the run ended; `signal` aborts it (a cancel), after which its outcome is ignored. */
  run(job: SimulationJob, output: SimulationOutput, signal: AbortSignal): Promise<SimulationOutcome>;
}
