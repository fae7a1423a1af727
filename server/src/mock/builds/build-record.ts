import type { Diagnostic } from './diagnostics.js';
import type { BuildJob } from './runner.js';
import { isFinishedStatus, type BuildStatus, type StageName, type StageStatus } from '../domain.js';
import type { HistoricBuild } from './history/seed-history.js';

/**
 * What a sandbox keeps of one build: its status and stages, what was built, where its log and artifacts
 * are. The store (store/sandbox.ts) holds these records in a sandbox's document; the queue
 * (queue/build-queue.ts) changes them.
 */

export interface StageRecord {
  name: StageName;
  status: StageStatus;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface BuildRecord {
  id: string;
  projectId: string;
  status: BuildStatus;
  stage: StageName | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  stages: StageRecord[];
  error: string | null;
  /** What was built: the configuration and files when it was queued. */
  job: BuildJob;
  /**
   * `stored`: a live build's lines are in the state store's list `log:<id>` (appended as they come,
   * so every gateway follows it); null: generated history, rendered on demand.
   */
  log: 'stored' | null;
  /** A finished live build: how many of the stored lines are its log, and the notes that follow them. */
  logLength?: number;
  logNotes?: string[];
  history?: HistoricBuild;
  /** Names and sizes of the artifacts, worked out when the build finished. */
  artifactList?: ArtifactEntry[];
  /** The runner made its own artifacts (real tools): stored as `artifacts:<id>`; else the fixture templates are rendered. */
  artifactsStored?: boolean;
  /** Errors and warnings of the build, in the user's file names. */
  diagnostics: readonly Diagnostic[];
  /** Builds waiting before this one for a tool slot (all sandboxes share the machine's cores). */
  waitingAhead?: number;
  /** Bytes its log and artifacts hold, counted when it finishes (what retention weighs). */
  retainedBytes?: number;
}

export interface ArtifactEntry {
  name: string;
  size: number;
  content_type: string;
}

export const isFinished = (build: BuildRecord) => isFinishedStatus(build.status);
