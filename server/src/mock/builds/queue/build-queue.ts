import type { BuildJob } from '../runner.js';
import type { Diagnostic } from '../diagnostics.js';
import { newId, STAGES, type BuildStatus, type StageName, type StageStatus } from '../../domain.js';
import { buildsToDrop, newestFirst, type BuildRetention } from './build-retention.js';
import { ApiError, notFound } from '../../../errors.js';
import { isFinished, type ArtifactEntry, type BuildRecord } from '../build-record.js';

const HOUR_MS = 3_600_000;

/**
 * What a change to the queue asks of the world outside the sandbox's document, done once the
 * change is stored (SandboxRegistry): builds to hand to the shared queue, builds to stop wherever
 * they run, and stored logs and artifacts to forget.
 */
export interface BuildEffects {
  dispatch: string[];
  stop: string[];
  forget: string[];
}

export const noEffects = (): BuildEffects => ({ dispatch: [], stop: [], forget: [] });

/** How a build ended, with what it left: its artifacts' names and sizes and the bytes its log holds. */
export interface BuildEnding {
  status: BuildStatus;
  error: string | null;
  artifacts: ArtifactEntry[];
  /** Whether the runner's own artifacts are stored (else they are rendered from the log on demand). */
  artifactsStored: boolean;
  logBytes: number;
  /** How many of the stored log lines are its log (a runner stopped late may append more: they are not shown). */
  logLines: number;
  /** Lines its log ends with, after those (a cancel or failure note). */
  notes?: string[];
}

/** The queue's state as stored: records and order, nothing tied to a process. */
export interface BuildQueueState {
  builds: Map<string, BuildRecord>;
  /** This sandbox's builds waiting to be handed on, oldest first. */
  waiting: string[];
  /** The build handed to the shared queue (queued for a gateway, or running): one per sandbox at a time. */
  dispatched: string | null;
  retention: BuildRetention | null;
  /** When builds were queued within the last hour (the per-hour quota), oldest first. */
  recentStarts: number[];
}

/**
 * One sandbox's builds: its queue (one build at a time is handed to the gateways' shared queue),
 * the records a runner's progress updates, and what is kept of finished ones. A missing build is
 * a 404. Everything here is state; what must happen elsewhere is returned as {@link BuildEffects}.
 */
export class BuildQueue {
  constructor(
    private readonly state: BuildQueueState,
    private readonly now: () => Date,
    private readonly effects: BuildEffects,
  ) {}

  static empty(): BuildQueueState {
    return { builds: new Map(), waiting: [], dispatched: null, retention: null, recentStarts: [] };
  }

  get size(): number {
    return this.state.builds.size;
  }

  /** Queued and running builds. */
  get active(): number {
    return this.state.waiting.length + (this.state.dispatched ? 1 : 0);
  }

  /** Bytes the finished builds' logs and artifacts hold. */
  retainedBytes(): number {
    let bytes = 0;
    for (const build of this.state.builds.values()) bytes += build.retainedBytes ?? 0;
    return bytes;
  }

  /** Builds queued within the last hour, pruning older ones. */
  recentStarts(): number[] {
    const cutoff = this.now().getTime() - HOUR_MS;
    const times = this.state.recentStarts;
    let stale = 0;
    while (stale < times.length && times[stale]! <= cutoff) stale++;
    if (stale) times.splice(0, stale);
    return times;
  }

  /** Puts a finished past build in as it is. */
  add(build: BuildRecord): void {
    this.state.builds.set(build.id, build);
  }

  get(buildId: string): BuildRecord {
    const build = this.state.builds.get(buildId);
    if (!build) throw notFound('Build');
    return build;
  }

  find(buildId: string): BuildRecord | undefined {
    return this.state.builds.get(buildId);
  }

  /** Newest first. */
  of(projectId: string): BuildRecord[] {
    return newestFirst([...this.state.builds.values()].filter((b) => b.projectId === projectId));
  }

  latestOf(projectId: string): BuildRecord | undefined {
    return this.of(projectId)[0];
  }

  /** Queues a build of this job; it is handed on when the sandbox's builds before it are done. */
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
      log: 'stored',
      diagnostics: [],
    };
    this.state.builds.set(id, build);
    this.state.waiting.push(id);
    this.recentStarts().push(queuedAt.getTime());
    this.pump();
    return build;
  }

  /** Stops and forgets every build of a deleted project. */
  dropProject(projectId: string): void {
    for (const build of [...this.state.builds.values()]) {
      if (build.projectId !== projectId) continue;
      this.unqueue(build.id);
      this.state.builds.delete(build.id);
      this.effects.forget.push(build.id);
    }
    this.pump();
  }

  /**
   * From now on keeps at most `retention.perProject` finished builds per project and
   * `retention.bytes` of their logs and artifacts, dropping the oldest finished builds first
   * (build-retention.ts): applied now and whenever a build finishes. A dropped build is a 404.
   */
  retain(retention: BuildRetention): void {
    this.state.retention = retention;
    this.dropOldBuilds();
  }

  /** Throws 409 when the build has finished: it can no longer be cancelled. */
  assertCancellable(buildId: string): BuildRecord {
    const build = this.get(buildId);
    if (isFinished(build)) {
      throw new ApiError(409, `Build ${build.id.slice(-7)} has already finished (${build.status})`);
    }
    return build;
  }

  /** The note a cancelled build's log ends with. */
  cancelNote(at: Date): string {
    return `INFO: Build cancelled by the user at ${at.toUTCString()}`;
  }

  /**
   * Ends a queued or running build that did not finish by itself (cancelled by its user, or its
   * gateway stopped): its running stage ends as cancelled or failed, the note goes to its log. A
   * running build caught between two stages (one finished, the next not started) shows the next one
   * so: that is where it stopped, and the stages say it like a build stopped within one.
   */
  end(buildId: string, ending: BuildEnding, note: string, at: Date): BuildRecord {
    const build = this.get(buildId);
    this.unqueue(buildId);
    const stopped = ending.status === 'cancelled' ? 'cancelled' : 'failed';
    const running = build.stages.filter((stage) => stage.status === 'running');
    const next = build.status === 'running' ? build.stages.find((stage) => stage.status === 'pending') : undefined;
    const stoppedIn = running.length > 0 ? running : next ? [next] : [];
    for (const stage of stoppedIn) Object.assign(stage, { status: stopped, finishedAt: at });
    this.finish(build, { ...ending, notes: [note] }, at);
    this.pump();
    return build;
  }

  // ---- progress from the gateway running the build; false: the build is gone or has ended ----

  stageStarted(buildId: string, name: StageName): boolean {
    const build = this.live(buildId);
    if (!build) return false;
    const now = this.now();
    if (build.status === 'queued') Object.assign(build, { status: 'running', startedAt: now, waitingAhead: undefined });
    build.stage = name;
    Object.assign(this.stageOf(build, name), { status: 'running', startedAt: now });
    return true;
  }

  stageFinished(buildId: string, name: StageName, outcome: 'succeeded' | 'failed' | 'skipped'): boolean {
    const build = this.live(buildId);
    if (!build) return false;
    Object.assign(this.stageOf(build, name), { status: outcome, finishedAt: this.now() });
    return true;
  }

  setDiagnostics(buildId: string, diagnostics: readonly Diagnostic[]): boolean {
    const build = this.live(buildId);
    if (!build) return false;
    build.diagnostics = diagnostics;
    return true;
  }

  setWaiting(buildId: string, ahead: number): boolean {
    const build = this.live(buildId);
    if (!build) return false;
    build.waitingAhead = ahead;
    return true;
  }

  /** The runner finished it (succeeded or failed); false when it had already ended (cancelled meanwhile). */
  finished(buildId: string, ending: BuildEnding, at: Date): boolean {
    const build = this.live(buildId);
    if (!build) return false;
    if (this.state.dispatched === buildId) this.state.dispatched = null;
    this.finish(build, ending, at);
    this.pump();
    return true;
  }

  /** Where a queued build waits (1 = next), counting `sharedAhead` builds of other sandboxes before this one's head. */
  queuePosition(build: BuildRecord, sharedAhead: number): number | null {
    if (build.status !== 'queued') return null;
    const head = this.state.dispatched ? this.state.builds.get(this.state.dispatched) : undefined;
    const headWaits = head?.status === 'queued';
    const order = headWaits ? [head.id, ...this.state.waiting] : this.state.waiting;
    const index = order.indexOf(build.id);
    const ahead = headWaits ? (head.waitingAhead ?? 0) : sharedAhead;
    return index >= 0 ? index + 1 + ahead : null;
  }

  /** Builds handed on or waiting: to stop when the sandbox goes. */
  activeIds(): string[] {
    return [...(this.state.dispatched ? [this.state.dispatched] : []), ...this.state.waiting];
  }

  allIds(): string[] {
    return [...this.state.builds.keys()];
  }

  // ---- internals ----

  private live(buildId: string): BuildRecord | undefined {
    const build = this.state.builds.get(buildId);
    return build && !isFinished(build) ? build : undefined;
  }

  private stageOf(build: BuildRecord, name: StageName) {
    return build.stages.find((s) => s.name === name)!;
  }

  /** Takes the build out of the queue, stopping it if it was handed on. */
  private unqueue(buildId: string): void {
    const index = this.state.waiting.indexOf(buildId);
    if (index >= 0) this.state.waiting.splice(index, 1);
    if (this.state.dispatched === buildId) {
      this.state.dispatched = null;
      this.effects.stop.push(buildId);
    }
  }

  private dropOldBuilds(): void {
    if (!this.state.retention) return;
    const builds = [...this.state.builds.values()].map((build) => ({
      id: build.id,
      projectId: build.projectId,
      queuedAt: build.queuedAt,
      finished: isFinished(build),
      bytes: build.retainedBytes ?? 0,
    }));
    for (const id of buildsToDrop(builds, this.state.retention)) {
      this.state.builds.delete(id);
      this.effects.forget.push(id);
    }
  }

  /** Hands the next waiting build on when none of this sandbox's is. */
  private pump(): void {
    if (this.state.dispatched) return;
    const next = this.state.waiting.shift();
    if (next === undefined) return;
    this.state.dispatched = next;
    this.effects.dispatch.push(next);
  }

  private finish(build: BuildRecord, ending: BuildEnding, at: Date): void {
    // A runner that stopped within a stage (an error it did not expect) never said the stage ended:
    // an ended build has no stage running, whatever ended it.
    const stopped: StageStatus =
      ending.status === 'succeeded' || ending.status === 'cancelled' ? ending.status : 'failed';
    for (const stage of build.stages)
      if (stage.status === 'running') Object.assign(stage, { status: stopped, finishedAt: at });
    Object.assign(build, {
      status: ending.status,
      error: ending.error,
      stage: null,
      finishedAt: at,
      waitingAhead: undefined,
      artifactList: ending.artifacts,
      artifactsStored: ending.artifactsStored,
      logLength: ending.logLines,
      ...(ending.notes && { logNotes: ending.notes }),
      // Its diagnostics count too: their messages are the design's own text, kept with the build.
      retainedBytes:
        ending.logBytes +
        ending.artifacts.reduce((sum, a) => sum + (ending.artifactsStored ? a.size : 0), 0) +
        JSON.stringify(build.diagnostics).length,
    });
    this.dropOldBuilds();
  }
}
