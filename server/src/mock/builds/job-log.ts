import type { StageName } from '../domain.js';
import { planBuildLog, type LogVariables, type StagePlan } from './log-templates.js';
import type { BuildJob } from './runner.js';

/** What a build's log and reports fill their placeholders with: the job's own snapshot. */
export const jobVariables = (job: BuildJob): LogVariables => ({
  project: job.projectName,
  config: job.config,
  buildId: job.buildId,
  date: job.queuedAt,
});

/**
 * The one plan of a build's log from the job it was queued with: the simulated runner plays it
 * over time, and a past build (generated history) shows it at once, so both read alike.
 */
export function planJobLog(stageLogs: Record<StageName, readonly string[]>, job: BuildJob): StagePlan[] {
  return planBuildLog(
    stageLogs,
    jobVariables(job),
    job.files.map((f) => f.name),
    job.failure,
  );
}
