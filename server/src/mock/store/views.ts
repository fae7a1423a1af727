import { type ArtifactEntry, type ArtifactFile, type BuildRecord, isFinished } from '../builds/index.js';
import type { ApiKeyRecord, FileRecord, ProjectRecord } from './records.js';

/** The contract's JSON shapes of the store's records: dates as ISO strings, copies never the records. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const projectSummary = (project: ProjectRecord) => ({
  id: project.id,
  name: project.name,
  created_at: project.createdAt.toISOString(),
  updated_at: project.updatedAt.toISOString(),
});

export const projectView = (project: ProjectRecord) => ({ ...projectSummary(project), config: { ...project.config } });

export const fileView = (file: FileRecord) => ({
  name: file.name,
  size: Buffer.byteLength(file.content),
  timestamp: file.timestamp.toISOString(),
});

export const fileContentView = (file: FileRecord) => ({
  name: file.name,
  content: file.content,
  timestamp: file.timestamp.toISOString(),
});

/**
 * Artifact lists of past builds (generated history, the same for the same build id): rendering a
 * bitstream and reports to learn their sizes costs, and lists show these builds on every request.
 * Bounded; a build that falls out is rendered again when next shown.
 */
const pastArtifactLists = new Map<string, ArtifactEntry[]>();
const PAST_ARTIFACT_LISTS_MAX = 5_000;

function artifactList(build: BuildRecord, renderPast: (build: BuildRecord) => ArtifactFile[]): ArtifactEntry[] {
  if (build.artifactList) return build.artifactList;
  if (!isFinished(build) || build.log !== null) return [];
  const key = `${build.id}:${build.job.config.slots}`;
  let list = pastArtifactLists.get(key);
  if (!list) {
    list = renderPast(build).map((a) => ({ name: a.name, size: a.content.length, content_type: a.contentType }));
    if (pastArtifactLists.size >= PAST_ARTIFACT_LISTS_MAX) pastArtifactLists.clear();
    pastArtifactLists.set(key, list);
  }
  return list;
}

/**
 * A build as the contract shows it. `projectName` is its project's current name (the job's when
 * the project is gone); `queuePosition` where it waits; a past build's artifacts are rendered by
 * `renderPast` (once, see pastArtifactLists).
 */
export function buildView(
  build: BuildRecord,
  queuePosition: number | null,
  projectName: string,
  renderPast: (build: BuildRecord) => ArtifactFile[],
) {
  return {
    id: build.id,
    project_id: build.projectId,
    project_name: projectName,
    status: build.status,
    stage: build.stage,
    queue_position: queuePosition,
    config: { ...build.job.config },
    queued_at: build.queuedAt.toISOString(),
    started_at: iso(build.startedAt),
    finished_at: iso(build.finishedAt),
    stages: build.stages.map((s) => ({
      name: s.name,
      status: s.status,
      started_at: iso(s.startedAt),
      finished_at: iso(s.finishedAt),
    })),
    artifacts: artifactList(build, renderPast).map((a) => ({ ...a })),
    error: build.error,
    diagnostics: build.diagnostics.map((d) => ({ ...d })),
  };
}

export const apiKeyView = (key: ApiKeyRecord) => ({
  id: key.id,
  name: key.name,
  scopes: [...key.scopes],
  prefix: key.prefix,
  created_at: key.createdAt.toISOString(),
  last_used_at: iso(key.lastUsedAt),
});
