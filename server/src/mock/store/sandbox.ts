import { createHash, randomBytes } from 'node:crypto';
import { buildArtifacts, type ArtifactFile } from '../builds/artifacts.js';
import { errorSummary, planBuildLog, type LogVariables } from '../builds/log-templates.js';
import { guardProgress } from '../builds/guarded-progress.js';
import type { Diagnostic } from '../builds/diagnostics.js';
import { topLevelProblem } from '../builds/hdl-project.js';
import type { BuildJob, BuildRunner, RunningBuild } from '../builds/runner.js';
import { faultyLine, scriptedFailure } from '../builds/simulated-failure.js';
import { ApiError, ApiValidationError, notFound, type ValidationIssue } from './errors.js';
import {
  configProblems,
  defaultConfig,
  STAGES,
  type BuildErrorSpec,
  type ProjectConfig,
  type SeedData,
  type StageName,
} from './fixtures.js';
import { buildsToDrop, newestFirst, type BuildRetention } from './build-retention.js';
import { generateHistory, type HistoricBuild } from './history.js';

export type Scope = 'projects:read' | 'projects:write' | 'builds:read' | 'builds:queue';
type BuildStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
type StageStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';

interface FileRecord {
  name: string;
  content: string;
  timestamp: Date;
}

interface ProjectRecord {
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

interface StageRecord {
  name: StageName;
  status: StageStatus;
  startedAt: Date | null;
  finishedAt: Date | null;
}

interface BuildRecord {
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
  /** Live builds keep their lines; generated history renders them on demand (null). */
  log: string[] | null;
  history?: HistoricBuild;
  /** Sizes of the artifacts, worked out once the build has finished. */
  artifactList?: { name: string; size: number; content_type: string }[];
  /** The artifacts the runner made (real tools); without them the fixture templates are rendered. */
  runnerArtifacts?: ArtifactFile[];
  /** Errors and warnings of the build, in the user's file names. */
  diagnostics: readonly Diagnostic[];
  /** Builds waiting before this one for a tool slot (all sandboxes share the machine's cores). */
  waitingAhead?: number;
  running?: RunningBuild;
  /** Bytes its log and artifacts hold, counted when it finishes (what retention weighs). */
  retainedBytes?: number;
}

interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  /** SHA-256 of the secret: the secret itself is never stored. */
  hash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

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

/** Appends in place without `push(...items)`, which throws past about 120,000 items (one call's arguments). */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const newId = () => randomBytes(12).toString('hex');
export const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Prefix of every API key secret, so a leaked one is easy to recognise. */
export const API_KEY_PREFIX = 'cc_';

/** Why a file name is not acceptable for a flat project folder; null when it is. */
export function fileNameProblem(name: string): string | null {
  if (name !== name.trim()) return 'must not start or end with spaces';
  if (name === '.' || name === '..') return 'is not a file name';
  if (/[/\\]/.test(name)) return 'must not contain / or \\ (project files are a flat list)';
  if (/\p{Cc}/u.test(name)) return 'must not contain control characters';
  return null;
}

/**
 * One user's (or one sign-in's) state of the mock compile API: projects, files, builds and API
 * keys, seeded from the fixtures. Methods take and return the contract's shapes; a missing or
 * foreign id is a 404, so users never learn about each other's data.
 */
export class Sandbox {
  private readonly projects = new Map<string, ProjectRecord>();
  private readonly builds = new Map<string, BuildRecord>();
  private readonly apiKeys = new Map<string, ApiKeyRecord>();
  /** Builds waiting for the runner, oldest first; one build runs at a time per sandbox. */
  private readonly queue: BuildRecord[] = [];
  private current: BuildRecord | null = null;
  /** What is kept of finished builds; none until the demo's quotas set it (see retainBuilds). */
  private retention: BuildRetention | null = null;
  private readonly seed: SeedData;
  private readonly runner: BuildRunner;
  private readonly now: () => Date;
  private closed = false;

  /** MOCK_SANDBOX=session: the sign-in this sandbox belongs to (identity edits are scoped to it). */
  readonly sessionId: string | undefined;

  constructor(options: SandboxOptions) {
    this.sessionId = options.sessionId;
    this.seed = options.seed;
    this.runner = options.runner;
    this.now = options.now ?? (() => new Date());
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
      this.projects.set(record.id, record);
      for (const past of history.builds) this.addHistoricBuild(record, project.files, past);
    }
  }

  // ---- projects ----

  listProjects() {
    return [...this.projects.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((project) => {
        const latest = this.latestBuildOf(project.id);
        return { ...this.summary(project), latest_build: latest ? this.buildView(latest) : null };
      });
  }

  getProject(projectId: string) {
    return this.projectView(this.project(projectId));
  }

  createProject(input: { name: string; example?: string; config?: ProjectConfig }) {
    const name = input.name.trim();
    this.assertNameFree(name);
    const example = input.example === undefined ? undefined : this.seed.examples.find((e) => e.id === input.example);
    if (input.example !== undefined && !example) throw notFound(`Example ${input.example}`);
    const config = input.config ?? defaultConfig(this.seed.buildConfigs);
    this.assertConfig(config);
    const now = this.now();
    const project: ProjectRecord = {
      id: newId(),
      name,
      createdAt: now,
      updatedAt: now,
      config: { ...config },
      files: new Map((example?.files ?? []).map((file) => [file.name, { ...file, timestamp: now }])),
    };
    this.projects.set(project.id, project);
    return this.projectView(project);
  }

  renameProject(projectId: string, newName: string) {
    const project = this.project(projectId);
    const name = newName.trim();
    this.assertNameFree(name, project.id);
    project.name = name;
    project.updatedAt = this.now();
    return this.projectView(project);
  }

  deleteProject(projectId: string): void {
    const project = this.project(projectId);
    for (const build of [...this.builds.values()]) {
      if (build.projectId !== project.id) continue;
      this.dropFromRunner(build);
      this.builds.delete(build.id);
    }
    this.projects.delete(project.id);
    this.pump();
  }

  updateConfig(projectId: string, config: ProjectConfig) {
    const project = this.project(projectId);
    this.assertConfig(config);
    project.config = { ...config };
    project.updatedAt = this.now();
    return this.projectView(project);
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
    return [...this.project(projectId).files.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((file) => this.fileView(file));
  }

  getFile(projectId: string, name: string) {
    const file = this.file(this.project(projectId), name);
    return { name: file.name, content: file.content, timestamp: file.timestamp.toISOString() };
  }

  createFile(projectId: string, name: string, content = '') {
    const project = this.project(projectId);
    this.assertFileName(name, ['path', 'name']);
    if (project.files.has(name)) throw new ApiError(409, `A file named ${name} already exists in this project`);
    const file = { name, content, timestamp: this.touch(project) };
    project.files.set(name, file);
    return this.fileView(file);
  }

  /** Saves content; with `expectedTimestamp`, refuses (409) when someone saved since that version. */
  updateFile(projectId: string, name: string, content: string, expectedTimestamp?: string) {
    const project = this.project(projectId);
    const file = this.file(project, name);
    if (expectedTimestamp !== undefined) {
      const expected = Date.parse(expectedTimestamp);
      if (Number.isNaN(expected)) {
        throw new ApiValidationError([
          { loc: ['query', 'expected_timestamp'], msg: 'Input should be a valid datetime', type: 'datetime_parsing' },
        ]);
      }
      if (expected !== file.timestamp.getTime()) {
        throw new ApiError(
          409,
          `${name} was changed since ${expectedTimestamp} (now ${file.timestamp.toISOString()}); reload it before saving`,
        );
      }
    }
    // A save always moves the timestamp forward, even twice in one millisecond.
    const now = this.touch(project);
    file.timestamp = now.getTime() > file.timestamp.getTime() ? now : new Date(file.timestamp.getTime() + 1);
    file.content = content;
    return { timestamp: file.timestamp.toISOString() };
  }

  renameFile(projectId: string, name: string, newName: string) {
    const project = this.project(projectId);
    const file = this.file(project, name);
    this.assertFileName(newName, ['query', 'new_name']);
    if (newName !== name && project.files.has(newName)) {
      throw new ApiError(409, `A file named ${newName} already exists in this project`);
    }
    project.files.delete(name);
    file.name = newName;
    file.timestamp = this.touch(project);
    project.files.set(newName, file);
    return this.fileView(file);
  }

  deleteFile(projectId: string, name: string): void {
    const project = this.project(projectId);
    this.file(project, name);
    project.files.delete(name);
    this.touch(project);
  }

  // ---- builds ----

  listBuilds(projectId: string) {
    this.project(projectId);
    return this.buildsOf(projectId).map((build) => this.buildView(build));
  }

  latestBuild(projectId: string) {
    this.project(projectId);
    const latest = this.latestBuildOf(projectId);
    return latest ? this.buildView(latest) : {};
  }

  getBuild(buildId: string) {
    return this.buildView(this.build(buildId));
  }

  /** Queues a build of the project's current files; it runs when the builds before it are done. */
  newBuild(projectId: string) {
    const project = this.project(projectId);
    const files = [...project.files.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((f) => ({ name: f.name, content: f.content }));
    const problem = topLevelProblem(files, project.config.target);
    if (problem) throw new ApiValidationError([{ loc: ['path', 'project_id'], msg: problem, type: 'value_error' }]);
    const queuedAt = this.now();
    const build: BuildRecord = {
      id: newId(),
      projectId,
      status: 'queued',
      stage: null,
      queuedAt,
      startedAt: null,
      finishedAt: null,
      stages: STAGES.map((name) => ({ name, status: 'pending', startedAt: null, finishedAt: null })),
      error: null,
      job: {
        buildId: '',
        projectName: project.name,
        config: { ...project.config },
        queuedAt,
        files,
        failure: scriptedFailure(project.failure, project.failureText, files),
      },
      log: [],
      diagnostics: [],
    };
    build.job.buildId = build.id;
    this.builds.set(build.id, build);
    this.queue.push(build);
    this.pump();
    return this.buildView(build);
  }

  /**
   * From now on keeps at most `retention.perProject` finished builds per project and
   * `retention.bytes` of their logs and artifacts, dropping the oldest finished builds first
   * (build-retention.ts): applied now and whenever a build finishes. A dropped build is a 404.
   */
  retainBuilds(retention: BuildRetention): void {
    this.retention = retention;
    this.dropOldBuilds();
  }

  /** Cancels a queued or running build, keeping the log it wrote so far; a finished build is a 409. */
  cancelBuild(buildId: string) {
    const build = this.build(buildId);
    if (build.status !== 'queued' && build.status !== 'running') {
      throw new ApiError(409, `Build ${build.id.slice(-7)} has already finished (${build.status})`);
    }
    const now = this.now();
    this.dropFromRunner(build);
    for (const stage of build.stages) {
      if (stage.status === 'running') Object.assign(stage, { status: 'cancelled', finishedAt: now });
    }
    build.log!.push(`INFO: Build cancelled by the user at ${now.toUTCString()}`);
    this.finish(build, 'cancelled', null);
    this.pump();
    return this.buildView(build);
  }

  getLog(buildId: string, offset: number, limit: number) {
    const build = this.build(buildId);
    const lines = this.logOf(build);
    const page = lines.slice(offset, offset + limit);
    return {
      lines: page,
      offset,
      next_offset: offset + page.length,
      total: lines.length,
      complete: this.isFinished(build),
    };
  }

  getArtifact(buildId: string, name: string): ArtifactFile {
    const build = this.build(buildId);
    if (!this.isFinished(build))
      throw new ApiError(404, `Build ${build.id.slice(-7)} has no artifacts until it finishes`);
    const artifact = this.artifactFiles(build).find((a) => a.name === name);
    if (!artifact) throw notFound(`Artifact ${name}`);
    return artifact;
  }

  // ---- API keys ----

  listApiKeys() {
    return [...this.apiKeys.values()]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((k) => this.keyView(k));
  }

  /** Creates a key; its secret is returned here only (the sandbox keeps just a hash). */
  createApiKey(name: string, scopes: Scope[]) {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const key: ApiKeyRecord = {
      id: newId(),
      name: name.trim(),
      scopes: [...new Set(scopes)],
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      hash: hashKey(secret),
      createdAt: this.now(),
      lastUsedAt: null,
    };
    this.apiKeys.set(key.id, key);
    return { ...this.keyView(key), key: secret };
  }

  deleteApiKey(keyId: string): void {
    if (!this.apiKeys.delete(keyId)) throw notFound('API key');
  }

  /** The scopes of the key with this hash (recording its use), or undefined when it is not one of ours. */
  useApiKey(hash: string): Scope[] | undefined {
    for (const key of this.apiKeys.values()) {
      if (key.hash !== hash) continue;
      key.lastUsedAt = this.now();
      return [...key.scopes];
    }
    return undefined;
  }

  /** What this sandbox holds, for the demo's quotas (mock/api/quotas.ts). */
  usage() {
    let storedBytes = 0;
    for (const project of this.projects.values()) {
      for (const file of project.files.values()) storedBytes += Buffer.byteLength(file.content);
    }
    const activeBuilds = this.queue.length + (this.current ? 1 : 0);
    let buildBytes = 0;
    for (const build of this.builds.values()) buildBytes += build.retainedBytes ?? 0;
    return {
      projects: this.projects.size,
      apiKeys: this.apiKeys.size,
      storedBytes,
      activeBuilds,
      builds: this.builds.size,
      buildBytes,
    };
  }

  /** Stops this sandbox's builds; it answers nothing afterwards. */
  close(): void {
    this.closed = true;
    for (const build of [...this.queue, ...(this.current ? [this.current] : [])]) this.dropFromRunner(build);
  }

  // ---- internals ----

  private project(projectId: string): ProjectRecord {
    const project = this.projects.get(projectId);
    if (!project) throw notFound('Project');
    return project;
  }

  private file(project: ProjectRecord, name: string): FileRecord {
    const file = project.files.get(name);
    if (!file) throw notFound(`File ${name}`);
    return file;
  }

  private build(buildId: string): BuildRecord {
    const build = this.builds.get(buildId);
    if (!build) throw notFound('Build');
    return build;
  }

  /** Marks the project changed now and returns that time. */
  private touch(project: ProjectRecord): Date {
    const now = this.now();
    project.updatedAt = now;
    return now;
  }

  private assertNameFree(name: string, exceptId?: string): void {
    const wanted = name.toLowerCase();
    for (const project of this.projects.values()) {
      if (project.id !== exceptId && project.name.toLowerCase() === wanted) {
        throw new ApiError(409, `A project named ${project.name} already exists`);
      }
    }
  }

  private assertConfig(config: ProjectConfig): void {
    const problems = configProblems(config, this.seed.buildConfigs);
    if (problems.length) {
      throw new ApiValidationError(
        problems.map((p): ValidationIssue => ({ loc: ['body', p.field], msg: p.message, type: 'value_error' })),
      );
    }
  }

  private assertFileName(name: string, loc: (string | number)[]): void {
    const problem = fileNameProblem(name);
    if (problem) throw new ApiValidationError([{ loc, msg: `File name ${problem}`, type: 'value_error' }]);
  }

  private buildsOf(projectId: string): BuildRecord[] {
    return newestFirst([...this.builds.values()].filter((b) => b.projectId === projectId));
  }

  private dropOldBuilds(): void {
    if (!this.retention) return;
    const builds = [...this.builds.values()].map((build) => ({
      id: build.id,
      projectId: build.projectId,
      queuedAt: build.queuedAt,
      finished: this.isFinished(build),
      bytes: build.retainedBytes ?? 0,
    }));
    for (const id of buildsToDrop(builds, this.retention)) this.builds.delete(id);
  }

  private latestBuildOf(projectId: string): BuildRecord | undefined {
    return this.buildsOf(projectId)[0];
  }

  private isFinished(build: BuildRecord): boolean {
    return build.status !== 'queued' && build.status !== 'running';
  }

  private vars(build: BuildRecord): LogVariables {
    return { project: build.job.projectName, config: build.job.config, buildId: build.id, date: build.queuedAt };
  }

  /** The log so far; a past build's is rendered from the templates, cut where it stopped. */
  private logOf(build: BuildRecord): string[] {
    if (build.log) return build.log;
    const history = build.history!;
    const plan = planBuildLog(
      this.seed.stageLogs,
      this.vars(build),
      build.job.files.map((f) => f.name),
      build.job.failure,
    );
    const lines: string[] = [];
    for (const { stage, lines: stageLines } of plan) {
      if (history.cancelledIn?.stage === stage) {
        appendAll(
          lines,
          stageLines.slice(0, Math.max(1, Math.floor(stageLines.length * history.cancelledIn.fraction))),
        );
        lines.push(`INFO: Build cancelled by the user at ${history.finishedAt.toUTCString()}`);
        break;
      }
      appendAll(lines, stageLines);
    }
    return lines;
  }

  private artifactFiles(build: BuildRecord): ArtifactFile[] {
    if (build.runnerArtifacts) return build.runnerArtifacts;
    return buildArtifacts(
      this.vars(build),
      this.logOf(build),
      build.status === 'succeeded',
      this.seed.reports,
      build.finishedAt!,
    );
  }

  private addHistoricBuild(
    project: ProjectRecord,
    files: readonly { name: string; content: string }[],
    past: HistoricBuild,
  ): void {
    const stageTimes = new Map(past.stageTimes.map((t) => [t.stage, t]));
    const lastStage = past.stageTimes.at(-1)?.stage;
    const build: BuildRecord = {
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
      error: past.status === 'failed' && project.failure ? errorSummary(project.failure) : null,
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
      diagnostics:
        past.status === 'failed' && project.failure
          ? [
              {
                file: project.failure.file,
                line: project.failure.line,
                column: null,
                severity: 'error',
                message: project.failure.message,
                origin: 'user',
              },
            ]
          : [],
    };
    this.builds.set(build.id, build);
  }

  /** Hands the next queued build to the runner when none is running. */
  private pump(): void {
    if (this.closed || this.current) return;
    const build = this.queue.shift();
    if (!build) return;
    this.current = build;
    const stageOf = (name: StageName) => build.stages.find((s) => s.name === name)!;
    // A runner calls back from its timers and streams: an error there fails this build, never the process.
    const progress = guardProgress(
      {
        stageStarted: (name) => {
          const now = this.now();
          if (build.status === 'queued')
            Object.assign(build, { status: 'running', startedAt: now, waitingAhead: undefined });
          build.stage = name;
          Object.assign(stageOf(name), { status: 'running', startedAt: now });
        },
        log: (lines) => appendAll(build.log!, lines),
        stageFinished: (name, outcome) => Object.assign(stageOf(name), { status: outcome, finishedAt: this.now() }),
        diagnostics: (list) => (build.diagnostics = list),
        waiting: (ahead) => (build.waitingAhead = ahead),
        finished: (outcome) => {
          build.runnerArtifacts = outcome.artifacts;
          this.finish(build, outcome.status, outcome.status === 'failed' ? outcome.error : null);
          this.current = null;
          this.pump();
        },
      },
      (error) => this.failBuild(build, error),
    );
    try {
      build.running = this.runner.start(build.job, progress);
    } catch (error) {
      this.failBuild(build, error);
    }
  }

  /** The runner (or this store's handling of its progress) broke: the build fails with the reason, the queue moves on. */
  private failBuild(build: BuildRecord, error: unknown): void {
    if (this.isFinished(build)) return;
    this.dropFromRunner(build);
    const now = this.now();
    for (const stage of build.stages) {
      if (stage.status === 'running') Object.assign(stage, { status: 'failed', finishedAt: now });
    }
    const message = `The build stopped: the build service failed (${error instanceof Error ? error.message : String(error)})`;
    build.log?.push(`ERROR: ${message}`);
    this.finish(build, 'failed', message);
    this.pump();
  }

  private dropFromRunner(build: BuildRecord): void {
    build.running?.cancel();
    build.running = undefined;
    const queued = this.queue.indexOf(build);
    if (queued >= 0) this.queue.splice(queued, 1);
    if (this.current === build) this.current = null;
  }

  private finish(build: BuildRecord, status: BuildStatus, error: string | null): void {
    Object.assign(build, { status, error, stage: null, finishedAt: this.now(), running: undefined });
    let bytes = 0;
    for (const line of build.log ?? []) bytes += Buffer.byteLength(line) + 1;
    for (const artifact of build.runnerArtifacts ?? []) bytes += artifact.content.length;
    build.retainedBytes = bytes;
    this.dropOldBuilds();
  }

  private queuePosition(build: BuildRecord): number | null {
    if (build.status !== 'queued') return null;
    const waiting = this.current?.status === 'queued' ? [this.current, ...this.queue] : this.queue;
    const index = waiting.indexOf(build);
    // Other users' builds share the tool slots: the sandbox's head build may wait behind some of them,
    // and a build behind a running one will wait at least behind every build waiting for a slot now.
    const runnerAhead =
      this.current?.status === 'queued' ? (this.current.waitingAhead ?? 0) : (this.runner.waiting ?? 0);
    return index >= 0 ? index + 1 + runnerAhead : null;
  }

  private summary(project: ProjectRecord) {
    return {
      id: project.id,
      name: project.name,
      created_at: project.createdAt.toISOString(),
      updated_at: project.updatedAt.toISOString(),
    };
  }

  private projectView(project: ProjectRecord) {
    return { ...this.summary(project), config: { ...project.config } };
  }

  private fileView(file: FileRecord) {
    return { name: file.name, size: Buffer.byteLength(file.content), timestamp: file.timestamp.toISOString() };
  }

  private buildView(build: BuildRecord) {
    if (this.isFinished(build) && !build.artifactList) {
      build.artifactList = this.artifactFiles(build).map((a) => ({
        name: a.name,
        size: a.content.length,
        content_type: a.contentType,
      }));
    }
    return {
      id: build.id,
      project_id: build.projectId,
      project_name: this.projects.get(build.projectId)?.name ?? build.job.projectName,
      status: build.status,
      stage: build.stage,
      queue_position: this.queuePosition(build),
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

  private keyView(key: ApiKeyRecord) {
    return {
      id: key.id,
      name: key.name,
      scopes: [...key.scopes],
      prefix: key.prefix,
      created_at: key.createdAt.toISOString(),
      last_used_at: iso(key.lastUsedAt),
    };
  }
}
