import { planJobLog } from '../job-log.js';
import { errorSummary } from '../log-templates.js';
import { failureDiagnostic } from '../simulated-failure.js';
import {
  STAGES,
  type BuildErrorSpec,
  type ProjectConfig,
  type SourceFile,
  type StageName,
  type StageStatus,
} from '../../domain.js';
import type { HistoricBuild } from './seed-history.js';
import type { BuildRecord } from '../build-record.js';

/** What a past build needs of its project (a store's ProjectRecord has it). */
export interface HistoricProject {
  id: string;
  name: string;
  config: ProjectConfig;
  failure?: BuildErrorSpec;
}

/** A seeded project's past build (generated history) as a finished build record; its log is rendered on demand. */
export function historicBuildRecord(
  project: HistoricProject,
  files: readonly SourceFile[],
  past: HistoricBuild,
): BuildRecord {
  const stageTimes = new Map(past.stageTimes.map((t) => [t.stage, t]));
  const lastStage = past.stageTimes.at(-1)?.stage;
  const failed = past.status === 'failed' && project.failure;
  return {
    id: past.id,
    projectId: project.id,
    status: past.status,
    stage: null,
    queuedAt: past.queuedAt,
    startedAt: past.startedAt,
    finishedAt: past.finishedAt,
    stages: STAGES.map((name) => {
      const times = stageTimes.get(name);
      if (!times) return { name, status: 'pending', startedAt: null, finishedAt: null };
      const last = name === lastStage;
      const status: StageStatus = !last || past.status === 'succeeded' ? 'succeeded' : past.status;
      return { name, status, startedAt: times.startedAt, finishedAt: times.finishedAt };
    }),
    error: failed ? errorSummary(failed) : null,
    job: {
      buildId: past.id,
      projectName: project.name,
      config: { ...project.config },
      queuedAt: past.queuedAt,
      files: files.map((f) => ({ ...f })),
      failure: project.failure,
    },
    log: null,
    history: past,
    diagnostics: failed ? [failureDiagnostic(failed)] : [],
  };
}

/**
 * A past build's log: the same plan a live simulated build plays (builds/job-log.ts), cut where a
 * cancelled one stopped.
 */
export function pastBuildLog(stageLogs: Record<StageName, readonly string[]>, build: BuildRecord): string[] {
  const history = build.history!;
  const lines: string[] = [];
  for (const { stage, lines: stageLines } of planJobLog(stageLogs, build.job)) {
    if (history.cancelledIn?.stage === stage) {
      appendAll(lines, stageLines.slice(0, Math.max(1, Math.floor(stageLines.length * history.cancelledIn.fraction))));
      lines.push(`INFO: Build cancelled by the user at ${history.finishedAt.toUTCString()}`);
      break;
    }
    appendAll(lines, stageLines);
  }
  return lines;
}

/** Appends in place without `push(...items)`, which throws past about 120,000 items (one call's arguments). */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
