import { buildArtifacts, type ArtifactFile } from '../builds/artifacts.js';
import { guardProgress } from '../builds/guarded-progress.js';
import { jobVariables } from '../builds/job-log.js';
import type { BuildJob, BuildRunner } from '../builds/runner.js';
import { STAGES, type BuildStatus, type StageName } from '../domain.js';
import type { SeedData } from '../fixtures.js';
import { buildsToDrop, newestFirst, type BuildRetention } from './build-retention.js';
import { ApiError, notFound } from '../../errors.js';
import { pastBuildLog } from './past-builds.js';
import { appendAll, isFinished, newId, type BuildRecord } from './records.js';

/**
 * One sandbox's builds: the queue the runner takes them from (one at a time per sandbox), their
 * logs and artifacts, and what is kept of finished ones. A missing build is a 404.
 */
export class BuildQueue {
  private readonly builds = new Map<string, BuildRecord>();
  /** Builds waiting for the runner, oldest first. */
  private readonly queue: BuildRecord[] = [];
  private current: BuildRecord | null = null;
  /** What is kept of finished builds; none until the demo's quotas set it (see retain). */
  private retention: BuildRetention | null = null;
  private closed = false;

  constructor(
    private readonly seed: SeedData,
    private readonly runner: BuildRunner,
    private readonly now: () => Date,
  ) {}

  get size(): number {
    return this.builds.size;
  }

  /** Queued and running builds. */
  get active(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  /** Bytes the finished builds' logs and artifacts hold. */
  retainedBytes(): number {
    let bytes = 0;
    for (const build of this.builds.values()) bytes += build.retainedBytes ?? 0;
    return bytes;
  }

  /** Puts a finished past build in as it is. */
  add(build: BuildRecord): void {
    this.builds.set(build.id, build);
  }

  get(buildId: string): BuildRecord {
    const build = this.builds.get(buildId);
    if (!build) throw notFound('Build');
    return build;
  }

  /** Newest first. */
  of(projectId: string): BuildRecord[] {
    return newestFirst([...this.builds.values()].filter((b) => b.projectId === projectId));
  }

  latestOf(projectId: string): BuildRecord | undefined {
    return this.of(projectId)[0];
  }

  /** Queues a build of this job; it runs when the sandbox's builds before it are done. */
  enqueue(projectId: string, job: Omit<BuildJob, 'buildId' | 'queuedAt'>): BuildRecord {
    const queuedAt = this.now();
    const id = newId();
    const build: BuildRecord = {
      id,
      projectId,
      status: 'queued',
      stage: null,
      queuedAt,
      startedAt: null,
      finishedAt: null,
      stages: STAGES.map((name) => ({ name, status: 'pending', startedAt: null, finishedAt: null })),
      error: null,
      job: { ...job, buildId: id, queuedAt },
      log: [],
      diagnostics: [],
    };
    this.builds.set(build.id, build);
    this.queue.push(build);
    this.pump();
    return build;
  }

  /** Stops and forgets every build of a deleted project. */
  dropProject(projectId: string): void {
    for (const build of [...this.builds.values()]) {
      if (build.projectId !== projectId) continue;
      this.dropFromRunner(build);
      this.builds.delete(build.id);
    }
    this.pump();
  }

  /**
   * From now on keeps at most `retention.perProject` finished builds per project and
   * `retention.bytes` of their logs and artifacts, dropping the oldest finished builds first
   * (build-retention.ts): applied now and whenever a build finishes. A dropped build is a 404.
   */
  retain(retention: BuildRetention): void {
    this.retention = retention;
    this.dropOldBuilds();
  }

  /** Cancels a queued or running build, keeping the log it wrote so far; a finished build is a 409. */
  cancel(buildId: string): BuildRecord {
    const build = this.get(buildId);
    if (isFinished(build)) {
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
    return build;
  }

  /** The log so far; a past build's is rendered from the templates. */
  log(build: BuildRecord): string[] {
    return build.log ?? pastBuildLog(this.seed.stageLogs, build);
  }

  /** A finished build's artifacts: the runner's own, else the fixture reports rendered for it. */
  artifacts(build: BuildRecord): ArtifactFile[] {
    if (build.runnerArtifacts) return build.runnerArtifacts;
    return buildArtifacts(
      jobVariables(build.job),
      this.log(build),
      build.status === 'succeeded',
      this.seed.reports,
      build.finishedAt!,
    );
  }

  /** Where a queued build waits (1 = next), counting other sandboxes' builds ahead of it for a tool slot. */
  queuePosition(build: BuildRecord): number | null {
    if (build.status !== 'queued') return null;
    const waiting = this.current?.status === 'queued' ? [this.current, ...this.queue] : this.queue;
    const index = waiting.indexOf(build);
    // Other users' builds share the tool slots: the sandbox's head build may wait behind some of them,
    // and a build behind a running one will wait at least behind every build waiting for a slot now.
    const runnerAhead =
      this.current?.status === 'queued' ? (this.current.waitingAhead ?? 0) : (this.runner.waiting ?? 0);
    return index >= 0 ? index + 1 + runnerAhead : null;
  }

  /** Stops this sandbox's builds; none starts afterwards. */
  close(): void {
    this.closed = true;
    for (const build of [...this.queue, ...(this.current ? [this.current] : [])]) this.dropFromRunner(build);
  }

  // ---- internals ----

  private dropOldBuilds(): void {
    if (!this.retention) return;
    const builds = [...this.builds.values()].map((build) => ({
      id: build.id,
      projectId: build.projectId,
      queuedAt: build.queuedAt,
      finished: isFinished(build),
      bytes: build.retainedBytes ?? 0,
    }));
    for (const id of buildsToDrop(builds, this.retention)) this.builds.delete(id);
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
    if (isFinished(build)) return;
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
}
