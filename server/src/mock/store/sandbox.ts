import {
  type ArtifactFile,
  buildArtifacts,
  type BuildEffects,
  type LogSize,
  logSizeOf,
  buildEnding,
  BuildLogReader,
  BuildQueue,
  type BuildQueueState,
  type BuildRecord,
  type BuildRetention,
  type BuildStorage,
  isFinished,
  jobVariables,
  noEffects,
  pastBuildLog,
  scriptedFailure,
  topLevelProblem,
} from '../builds/index.js';
import type { ProjectConfig, Scope } from '../domain.js';
import type { SeedData } from '../fixtures.js';
import { ApiKeyStore } from './api-keys.js';
import { ApiError, ApiValidationError, notFound } from '../../errors.js';
import { ReadViews } from './read-views.js';
import { ProjectStore } from './projects.js';
import type { ApiKeyRecord, ProjectRecord } from './records.js';
import { apiKeyView, buildView, fileContentView, fileView, projectSummary, projectView } from './views.js';

/** A sandbox as its document stores it. */
export interface SandboxState {
  /** MOCK_SANDBOX=session: the sign-in this sandbox belongs to. */
  sessionId?: string;
  projects: Map<string, ProjectRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  builds: BuildQueueState;
}

/** What a sandbox works with besides its state. */
export interface SandboxContext {
  seed: SeedData;
  /** Live builds' logs and artifacts. */
  storage: BuildStorage;
  now?: () => Date;
  /** Builds of other sandboxes waiting for a tool slot now (for "queued, N ahead"). */
  sharedAhead?: () => number;
}

/** What a change asks of the world outside the sandbox's document (done by the registry once it is stored). */
export interface SandboxEffects extends BuildEffects {
  /** Hashes of API keys created and deleted (the registry's key index). */
  keysAdded: string[];
  keysRemoved: string[];
}

/**
 * One user's (or one sign-in's) state of the mock compile API, seeded from the fixtures: the
 * operations the API handlers call, taking and returning the contract's shapes. The state is
 * plain records (stored as one document, see registry.ts) worked on by small stores (projects and
 * files, the build queue, API keys); views.ts renders it. A missing or foreign id is a 404, so
 * users never learn about each other's data. What must happen outside the document (a build to
 * run or stop, a log note, an index entry) collects in `effects`.
 */
export class Sandbox {
  private readonly projects: ProjectStore;
  private readonly builds: BuildQueue;
  private readonly apiKeys: ApiKeyStore;
  private readonly seed: SeedData;
  private readonly storage: BuildStorage;
  private readonly logs: BuildLogReader;
  private readonly now: () => Date;
  private readonly sharedAhead: () => number;
  readonly effects: SandboxEffects = { ...noEffects(), keysAdded: [], keysRemoved: [] };
  /** Set once this copy only serves reads (see sealForReads). */
  private readViews: ReadViews | undefined;

  /** MOCK_SANDBOX=session: the sign-in this sandbox belongs to (identity edits are scoped to it). */
  readonly sessionId: string | undefined;

  constructor(
    readonly state: SandboxState,
    context: SandboxContext,
  ) {
    this.sessionId = state.sessionId;
    this.seed = context.seed;
    this.storage = context.storage;
    this.logs = new BuildLogReader(context.storage, context.seed.stageLogs);
    this.now = context.now ?? (() => new Date());
    this.sharedAhead = context.sharedAhead ?? (() => 0);
    this.projects = new ProjectStore(this.seed, this.now, state.projects);
    this.builds = new BuildQueue(state.builds, this.now, this.effects);
    this.apiKeys = new ApiKeyStore(this.now, state.apiKeys);
  }

  /**
   * Marks this copy as the registry's read copy of its stored version, which nothing changes any
   * more (a write works on a fresh copy): its lists are then rendered once, frozen and shared.
   */
  sealForReads(): void {
    this.readViews ??= new ReadViews();
  }

  /** `render()`, or on a sealed copy the view rendered once under `key`. */
  private view<T>(key: string, render: () => T): T {
    return this.readViews ? this.readViews.get(key, render) : render();
  }

  // ---- projects ----

  listProjects() {
    // A queued build's position counts other sandboxes' waiting builds too.
    return this.view(`projects ${this.sharedAhead()}`, () =>
      this.projects.list().map((project) => {
        const latest = this.builds.latestOf(project.id);
        return { ...projectSummary(project), latest_build: latest ? this.buildView(latest) : null };
      }),
    );
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

  /** The fixtures this sandbox was made from (the same for the gateway's whole life). */
  get seedData(): SeedData {
    return this.seed;
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
    return this.view(`builds ${projectId} ${this.sharedAhead()}`, () =>
      this.builds.of(projectId).map((build) => this.buildView(build)),
    );
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

  /** When builds were queued within the last hour (the per-hour quota). */
  recentBuildStarts(): readonly number[] {
    return this.builds.recentStarts();
  }

  /** Cancels a queued or running build, keeping the log it wrote so far; a finished build is a 409. */
  async cancelBuild(buildId: string) {
    this.builds.assertCancellable(buildId);
    const at = this.now();
    const note = this.builds.cancelNote(at);
    const ended = await this.endBuild(buildId, 'cancelled', null, note, at);
    return this.buildView(ended);
  }

  /**
   * Fails a build whose gateway stopped before finishing it (its lease ran out); null when it had
   * ended anyway. Its log says why and that it is not run again.
   */
  async failStrandedBuild(buildId: string, reason: string) {
    const build = this.builds.find(buildId);
    if (!build || isFinished(build)) return null;
    return this.endBuild(buildId, 'failed', reason, `ERROR: ${reason}`, this.now());
  }

  /**
   * Ends a build its runner did not finish: its log is the lines stored so far and the note (kept in
   * the record, so a runner stopped a moment later cannot append past it).
   */
  private async endBuild(
    buildId: string,
    status: 'cancelled' | 'failed',
    error: string | null,
    note: string,
    at: Date,
  ) {
    const build = this.builds.get(buildId);
    const stored = await this.storage.lines(buildId);
    const artifacts = this.renderedArtifacts(build, [...stored, note], status, at);
    const ending = buildEnding(status, error, artifacts, false, logSizeOf(stored));
    return this.builds.end(buildId, { ...ending, logBytes: ending.logBytes + Buffer.byteLength(note) + 1 }, note, at);
  }

  /**
   * The ending of a build the runner finished: `log` is how much of it is stored (counted as it was),
   * and its own artifacts if it made any; else they are rendered from its log, read only for that.
   */
  async finishedBuild(
    buildId: string,
    outcome: { status: 'succeeded' | 'failed'; error: string | null },
    log: LogSize,
    own?: readonly ArtifactFile[],
  ): Promise<boolean> {
    const build = this.builds.find(buildId);
    if (!build || isFinished(build)) return false;
    const at = this.now();
    const artifacts =
      own ?? this.renderedArtifacts(build, (await this.storage.page(buildId, 0, log.lines)).lines, outcome.status, at);
    return this.builds.finished(
      buildId,
      buildEnding(outcome.status, outcome.error, artifacts, own !== undefined, log),
      at,
    );
  }

  private renderedArtifacts(
    build: BuildRecord,
    log: readonly string[],
    status: string,
    finishedAt: Date,
  ): ArtifactFile[] {
    return buildArtifacts(jobVariables(build.job), log, status === 'succeeded', this.seed.reports, finishedAt);
  }

  /** The progress of a running build (from the gateway running it); false: it is gone or has ended, stop it. */
  get progress() {
    return this.builds;
  }

  /** The job of a build handed to the shared queue, or null when it is gone or has ended (cancelled meanwhile). */
  jobOf(buildId: string) {
    const build = this.builds.find(buildId);
    return build && !isFinished(build) ? build.job : null;
  }

  async getLog(buildId: string, offset: number, limit: number) {
    const build = this.builds.get(buildId);
    return this.logs.page(build, offset, limit, isFinished(build));
  }

  async getArtifact(buildId: string, name: string): Promise<ArtifactFile> {
    const build = this.builds.get(buildId);
    if (!isFinished(build)) throw new ApiError(404, `Build ${build.id.slice(-7)} has no artifacts until it finishes`);
    const artifacts = build.artifactsStored
      ? await this.storage.loadArtifacts(buildId)
      : this.renderedArtifacts(build, await this.logs.whole(build), build.status, build.finishedAt!);
    const artifact = artifacts.find((a) => a.name === name);
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
    this.effects.keysAdded.push(key.hash);
    return { ...apiKeyView(key), key: secret };
  }

  deleteApiKey(keyId: string): void {
    this.effects.keysRemoved.push(this.apiKeys.delete(keyId).hash);
  }

  /** Hashes of every key this sandbox holds. */
  apiKeyHashes(): string[] {
    return this.apiKeys.hashes();
  }

  /** Builds queued or running, and every build (to stop and forget when the sandbox goes). */
  buildIds() {
    return { active: this.builds.activeIds(), all: this.builds.allIds() };
  }

  /** The scopes of the key with this hash (recording its use), or undefined when it is not one of ours. */
  useApiKey(hash: string): Scope[] | undefined {
    return this.apiKeys.use(hash);
  }

  /** The scopes of the key with this hash and when its use was last recorded (not recording this one). */
  apiKeyUse(hash: string): { scopes: Scope[]; lastUsedAt: Date | null } | undefined {
    const key = this.apiKeys.find(hash);
    return key && { scopes: [...key.scopes], lastUsedAt: key.lastUsedAt };
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

  private buildView(build: BuildRecord) {
    return buildView(
      build,
      this.builds.queuePosition(build, this.sharedAhead()),
      this.projects.find(build.projectId)?.name ?? build.job.projectName,
      (past) => this.renderedArtifacts(past, pastBuildLog(this.seed.stageLogs, past), past.status, past.finishedAt!),
    );
  }
}
