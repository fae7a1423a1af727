import type { BuildQueue } from './build-queue.js';
import { isFinished, type ApiKeyRecord, type BuildRecord, type FileRecord, type ProjectRecord } from './records.js';

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
 * A build as the contract shows it. `projectName` is its project's current name (the job's when
 * the project is gone); the queue answers where it waits and, once finished, what it made.
 */
export function buildView(build: BuildRecord, builds: BuildQueue, projectName: string) {
  if (isFinished(build) && !build.artifactList) {
    build.artifactList = builds.artifacts(build).map((a) => ({
      name: a.name,
      size: a.content.length,
      content_type: a.contentType,
    }));
  }
  return {
    id: build.id,
    project_id: build.projectId,
    project_name: projectName,
    status: build.status,
    stage: build.stage,
    queue_position: builds.queuePosition(build),
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
    artifacts: build.artifactList ?? [],
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
