import type { BuildErrorSpec, ProjectConfig, SourceFile, StageName } from '../store/fixtures.js';

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

/** How a runner reports progress back to the store. Calls come in this order, never after `finished`. */
export interface BuildProgress {
  stageStarted(stage: StageName): void;
  log(lines: readonly string[]): void;
  stageFinished(stage: StageName, outcome: 'succeeded' | 'failed'): void;
  finished(outcome: { status: 'succeeded' } | { status: 'failed'; error: string }): void;
}

export interface RunningBuild {
  /** Stops the build where it is; no progress is reported after this. */
  cancel(): void;
}

/**
 * Runs builds. The simulated runner replays the fixture log templates over time; a later runner
 * drives real open-source HDL tools behind the same interface.
 */
export interface BuildRunner {
  start(job: BuildJob, progress: BuildProgress): RunningBuild;
  /** Stops every build still running (the gateway is closing). */
  close(): void;
}
