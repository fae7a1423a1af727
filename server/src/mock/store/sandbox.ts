import type { ArtifactFile } from '../builds/artifacts.js';
import { topLevelProblem } from '../builds/hdl-project.js';
import type { BuildRunner } from '../builds/runner.js';
import { faultyLine, scriptedFailure } from '../builds/simulated-failure.js';
import type { ProjectConfig, Scope } from '../domain.js';
import type { SeedData } from '../fixtures.js';
import { ApiKeyStore } from './api-keys.js';
import { BuildQueue } from './build-queue.js';
import type { BuildRetention } from './build-retention.js';
import { ApiError, ApiValidationError, notFound } from '../../errors.js';
import { generateHistory } from './history.js';
import { historicBuildRecord } from './past-builds.js';
import { ProjectStore } from './projects.js';
import { isFinished, type BuildRecord, type ProjectRecord } from './records.js';
import { apiKeyView, buildView, fileContentView, fileView, projectSummary, projectView } from './views.js';

export interface SandboxOptions {
  seed: SeedData;
  runner: BuildRunner;
  /** The owner whose fixture projects this sandbox starts with. */
  ownerEmail: string;
  /** MOCK_SEED: generated history is the same for the same seed. */
  fakerSeed: number;
  /** The gateway's start: fixture dates count back from it. */
  startedAt: Date;
  now?: () => Date;
  /** MOCK_SANDBOX=session: the sign-in this sandbox belongs to. */
  sessionId?: string;
}

/**
 * One user's (or one sign-in's) state of the mock compile API, seeded from the fixtures: the
 * operations the API handlers call, taking and returning the contract's shapes. The state itself
 * lives in small stores (projects and files, the build queue, API keys) and views.ts renders it;
 * a missing or foreign id is a 404, so users never learn about each other's data.
 */
export class Sandbox {
  private readonly projects: ProjectStore;
  private readonly builds: BuildQueue;
  private readonly apiKeys: ApiKeyStore;
  private readonly seed: SeedData;

  /** MOCK_SANDBOX=session: the sign-in this sandbox belongs to (identity edits are scoped to it). */
  readonly sessionId: string | undefined;

  constructor(options: SandboxOptions) {
    this.sessionId = options.sessionId;
    this.seed = options.seed;
    const now = options.now ?? (() => new Date());
    this.projects = new ProjectStore(this.seed, now);
    this.builds = new BuildQueue(this.seed, options.runner, now);
    this.apiKeys = new ApiKeyStore(now);
    const owner = options.ownerEmail.toLowerCase();
    for (const project of this.seed.projects) {
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
      this.projects.add(record);
      for (const past of history.builds) this.builds.add(historicBuildRecord(record, project.files, past));
    }
  }

  // ---- projects ----

  listProjects() {
    return this.projects.list().map((project) => {
      const latest = this.builds.latestOf(project.id);
      return { ...projectSummary(project), latest_build: latest ? this.buildView(latest) : null };
    });
  }

  getProject(projectId: string) {
    return projectView(this.projects.get(projectId));
  }

  createProject(input: { name: string; example?: string; config?: ProjectConfig }) {
    return projectView(this.projects.create(input));
  }

  renameProject(projectId: string, newName: string) {
    return projectView(this.projects.rename(projectId, newName));
  }

  deleteProject(projectId: string): void {
    this.projects.delete(projectId);
    this.builds.dropProject(projectId);
  }

  updateConfig(projectId: string, config: ProjectConfig) {
    return projectView(this.projects.updateConfig(projectId, config));
  }

  buildConfigs() {
    return this.seed.buildConfigs;
  }

  listExamples() {
    return this.seed.examples.map((e) => ({
      id: e.id,
      name: e.name,
      description: e.description,
      language: e.language,
      files: e.files.map((f) => f.name),
    }));
  }

  // ---- files ----

  listFiles(projectId: string) {
    return this.projects.files(projectId).map(fileView);
  }

  getFile(projectId: string, name: string) {
    return fileContentView(this.projects.file(projectId, name));
  }

  createFile(projectId: string, name: string, content = '') {
    return fileView(this.projects.createFile(projectId, name, content));
  }

  /** Saves content; with `expectedTimestamp`, refuses (409) when someone saved since that version. */
  updateFile(projectId: string, name: string, content: string, expectedTimestamp?: string) {
    return { timestamp: this.projects.updateFile(projectId, name, content, expectedTimestamp).timestamp.toISOString() };
  }

  renameFile(projectId: string, name: string, newName: string) {
    return fileView(this.projects.renameFile(projectId, name, newName));
  }

  deleteFile(projectId: string, name: string): void {
    this.projects.deleteFile(projectId, name);
  }

  // ---- builds ----

  listBuilds(projectId: string) {
    this.projects.get(projectId);
    return this.builds.of(projectId).map((build) => this.buildView(build));
  }

  latestBuild(projectId: string) {
    this.projects.get(projectId);
    const latest = this.builds.latestOf(projectId);
    return latest ? this.buildView(latest) : {};
  }

  getBuild(buildId: string) {
    return this.buildView(this.builds.get(buildId));
  }

  /** Queues a build of the project's current files; it runs when the builds before it are done. */
  newBuild(projectId: string) {
    const project = this.projects.get(projectId);
    const files = this.projects.snapshot(project);
    const problem = topLevelProblem(files, project.config.target);
    if (problem) throw new ApiValidationError([{ loc: ['path', 'project_id'], msg: problem, type: 'value_error' }]);
    const build = this.builds.enqueue(projectId, {
      projectName: project.name,
      config: { ...project.config },
      files,
      failure: scriptedFailure(project.failure, project.failureText, files),
    });
    return this.buildView(build);
  }

  /** What is kept of finished builds from now on (BuildQueue.retain). */
  retainBuilds(retention: BuildRetention): void {
    this.builds.retain(retention);
  }

  /** Cancels a queued or running build, keeping the log it wrote so far; a finished build is a 409. */
  cancelBuild(buildId: string) {
    return this.buildView(this.builds.cancel(buildId));
  }

  getLog(buildId: string, offset: number, limit: number) {
    const build = this.builds.get(buildId);
    const lines = this.builds.log(build);
    const page = lines.slice(offset, offset + limit);
    return { lines: page, offset, next_offset: offset + page.length, total: lines.length, complete: isFinished(build) };
  }

  getArtifact(buildId: string, name: string): ArtifactFile {
    const build = this.builds.get(buildId);
    if (!isFinished(build)) throw new ApiError(404, `Build ${build.id.slice(-7)} has no artifacts until it finishes`);
    const artifact = this.builds.artifacts(build).find((a) => a.name === name);
    if (!artifact) throw notFound(`Artifact ${name}`);
    return artifact;
  }

  // ---- API keys ----

  listApiKeys() {
    return this.apiKeys.list().map(apiKeyView);
  }

  /** Creates a key; its secret is returned here only (the sandbox keeps just a hash). */
  createApiKey(name: string, scopes: Scope[]) {
    const { key, secret } = this.apiKeys.create(name, scopes);
    return { ...apiKeyView(key), key: secret };
  }

  deleteApiKey(keyId: string): void {
    this.apiKeys.delete(keyId);
  }

  /** The scopes of the key with this hash (recording its use), or undefined when it is not one of ours. */
  useApiKey(hash: string): Scope[] | undefined {
    return this.apiKeys.use(hash);
  }

  /** What this sandbox holds, for the demo's quotas (mock/api/quotas.ts). */
  usage() {
    return {
      projects: this.projects.size,
      apiKeys: this.apiKeys.size,
      storedBytes: this.projects.storedBytes(),
      activeBuilds: this.builds.active,
      builds: this.builds.size,
      buildBytes: this.builds.retainedBytes(),
    };
  }

  /** Stops this sandbox's builds; it answers nothing afterwards. */
  close(): void {
    this.builds.close();
  }

  private buildView(build: BuildRecord) {
    return buildView(build, this.builds, this.projects.find(build.projectId)?.name ?? build.job.projectName);
  }
}
