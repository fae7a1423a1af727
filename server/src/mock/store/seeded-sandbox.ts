import type { SeedData } from '../fixtures.js';
import { BuildQueue, faultyLine, generateHistory, historicBuildRecord } from '../builds/index.js';
import type { ProjectRecord } from './records.js';
import type { SandboxState } from './sandbox.js';

export interface SeedOptions {
  seed: SeedData;
  /** The owner whose fixture projects this sandbox starts with. */
  ownerEmail: string;
  /** MOCK_SEED: generated history is the same for the same seed. */
  fakerSeed: number;
  /** The gateway's start: fixture dates count back from it. */
  startedAt: Date;
  sessionId?: string;
}

/** A new sandbox's state: the owner's fixture projects with their generated history. */
export function seededSandbox(options: SeedOptions): SandboxState {
  const state: SandboxState = {
    ...(options.sessionId !== undefined && { sessionId: options.sessionId }),
    projects: new Map(),
    apiKeys: new Map(),
    builds: BuildQueue.empty(),
  };
  const owner = options.ownerEmail.toLowerCase();
  for (const project of options.seed.projects) {
    if (!project.owners.some((email) => email.toLowerCase() === owner)) continue;
    const history = generateHistory(project, owner, options.fakerSeed, options.startedAt);
    const record: ProjectRecord = {
      id: history.projectId,
      name: project.name,
      createdAt: history.createdAt,
      updatedAt: history.updatedAt,
      config: { ...project.config },
      files: new Map(
        project.files.map((file, index) => [
          file.name,
          { ...file, timestamp: history.fileTimes[index] ?? history.updatedAt },
        ]),
      ),
      failure: project.build_error,
      failureText: project.build_error && faultyLine(project.build_error, project.files),
    };
    state.projects.set(record.id, record);
    for (const past of history.builds) {
      const build = historicBuildRecord(record, project.files, past);
      state.builds.builds.set(build.id, build);
    }
  }
  return state;
}
