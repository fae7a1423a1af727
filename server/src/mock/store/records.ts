import { randomBytes } from 'node:crypto';
import type { Diagnostic } from '../builds/diagnostics.js';
import type { BuildJob } from '../builds/runner.js';
import {
  isFinishedStatus,
  type BuildErrorSpec,
  type BuildStatus,
  type ProjectConfig,
  type Scope,
  type StageName,
  type StageStatus,
} from '../domain.js';
import type { HistoricBuild } from './history.js';

/**
 * What a sandbox keeps, record by record. The modules beside this one each own one kind (projects
 * and their files, builds, API keys); a store kept elsewhere (Redis) would persist these shapes.
 */

export interface FileRecord {
  name: string;
  content: string;
  timestamp: Date;
}

export interface ProjectRecord {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  config: ProjectConfig;
  files: Map<string, FileRecord>;
  /** Every build of this project fails here (a fixture's build_error)… */
  failure?: BuildErrorSpec;
  /** …while its file still holds this line (the seed file's text at the failure's line). */
  failureText?: string;
}

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

export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  /** SHA-256 of the secret: the secret itself is never stored. */
  hash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A 24-hex id like the real service's. */
export const newId = () => randomBytes(12).toString('hex');

export const isFinished = (build: BuildRecord) => isFinishedStatus(build.status);

/** Appends in place without `push(...items)`, which throws past about 120,000 items (one call's arguments). */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
