import type { BuildErrorSpec, ProjectConfig, SourceFile, StageName } from '../domain.js';
import type { ArtifactFile } from './artifacts.js';
import type { Diagnostic } from './diagnostics.js';

/** What a runner needs to build one project: a snapshot taken when the build was queued. */
export interface BuildJob {
  buildId: string;
  projectName: string;
  config: ProjectConfig;
  queuedAt: Date;
  files: readonly SourceFile[];
  /** The simulated runner fails the build here (a fixture project's `build_error`). */
  failure?: BuildErrorSpec;
}

export type BuildOutcome = ({ status: 'succeeded' } | { status: 'failed'; error: string }) & {
  /** The build's own artifacts (a real toolchain's reports); without them the store renders the fixture ones. */
  artifacts?: ArtifactFile[];
};

/** How a runner reports progress back to the store. Calls come in this order, never after `finished`. */
export interface BuildProgress {
  stageStarted(stage: StageName): void;
  log(lines: readonly string[]): void;
  /** `skipped`: the stage does not run in this runner (said in the log). */
  stageFinished(stage: StageName, outcome: 'succeeded' | 'failed' | 'skipped'): void;
  finished(outcome: BuildOutcome): void;
  /** The errors and warnings found so far (the whole list each time). */
  diagnostics?(diagnostics: readonly Diagnostic[]): void;
  /** The build waits for a free tool slot, with this many builds waiting before it. */
  waiting?(ahead: number): void;
}

export interface RunningBuild {
  /** Stops the build where it is; no progress is reported after this. */
  cancel(): void;
}

/**
 * Runs builds. The simulated runner replays the fixture log templates over time; the toolchain
 * runner drives real open-source HDL tools (GHDL, Yosys) behind the same interface.
 */
export interface BuildRunner {
  /** `address`: the client address it is built for; builds of different addresses take turns where they wait. */
  start(job: BuildJob, progress: BuildProgress, address?: string): RunningBuild;
  /** Builds of every sandbox waiting for a tool slot now (a runner without slots has none). */
  readonly waiting?: number;
  /** Stops every build still running (the gateway is closing). */
  close(): void;
}
