import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { StateStore } from '../state/state-store.js';
import {
  addToLogSize,
  type BuildHandoff,
  type BuildProgressRecord,
  type BuildSandboxes,
  type LogSize,
} from './build-ports.js';
import { guardProgress } from './guarded-progress.js';
import { LogBatches } from './log-batches.js';
import { publicErrorMessage } from './public-error.js';
import { throttleDiagnostics } from './throttled-diagnostics.js';
import type { BuildProgress, BuildRunner, RunningBuild } from './runner.js';

export interface BuildDispatcherOptions {
  store: StateStore;
  /** The sandboxes whose builds it runs (their records take the builds' progress). */
  sandboxes: BuildSandboxes;
  runner: BuildRunner;
  /** How long a claim lasts without a heartbeat (MOCK_BUILD_LEASE_MS). */
  leaseMs: number;
  /** Builds this gateway takes on at once; more wait in the shared queue for any gateway. */
  capacity: number;
  log: FastifyBaseLogger;
}

/** The gateways' one queue of builds, in the state store: items are `<sandbox key> <build id>`. */
const QUEUE = 'builds';

const itemOf = (sandboxKey: string, buildId: string) => `${sandboxKey} ${buildId}`;

interface LocalRun {
  item: string;
  cancel(): void;
}

/**
 * Runs the builds sandboxes hand on (BuildHandoff), shared by every gateway of one store: a
 * gateway claims a build from the queue with a lease and renews it while the build runs; progress
 * goes into the sandbox's document and the log lines into the store as they come, so the build can
 * be followed on any gateway. A gateway that stops renewing (killed, frozen, cut off) loses its
 * builds: the first gateway to see the lease run out fails each with the reason in its log; none
 * is run twice. A cancelled build's claim is withdrawn, and the gateway running it stops it.
 */
export class BuildDispatcher implements BuildHandoff {
  /** Names this gateway's claims: host, process and a random part (a restarted process is a new owner). */
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<string, LocalRun>();
  private readonly timer: NodeJS.Timeout;
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  private sharedWaiting = 0;
  private closed = false;

  constructor(private readonly options: BuildDispatcherOptions) {
    // Claims what other gateways queued and fails builds whose gateway stopped; unref'd: it never keeps the process up.
    const every = Math.max(100, Math.min(1_000, Math.floor(options.leaseMs / 4)));
    this.timer = setInterval(() => void this.tick(), every).unref();
  }

  async dispatch(sandboxKey: string, buildId: string, address: string): Promise<void> {
    await this.options.store.enqueue(QUEUE, itemOf(sandboxKey, buildId), address);
    this.sharedWaiting++;
    await this.claim();
  }

  async stop(sandboxKey: string, buildId: string): Promise<void> {
    await this.options.store.forgetQueued(QUEUE, itemOf(sandboxKey, buildId));
    this.running.get(buildId)?.cancel();
  }

  /** Builds waiting before a sandbox's next one: for a tool slot here, and in the shared queue. */
  waiting(): number {
    return (this.options.runner.waiting ?? 0) + this.sharedWaiting;
  }

  /**
   * Stops taking builds; the ones running here fail now with the reason in their log (another
   * gateway would otherwise wait out the lease to do the same).
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.claiming;
    const runs = [...this.running.entries()];
    for (const [, run] of runs) run.cancel();
    this.options.runner.close();
    for (const [buildId, run] of runs) {
      await this.failBuild(run.item, buildId, 'The gateway running this build shut down; the build is not run again');
    }
  }

  private async tick(): Promise<void> {
    try {
      const { store } = this.options;
      for (const item of await store.reclaimExpired(QUEUE, Date.now())) {
        const [, buildId] = item.split(' ');
        this.options.log.warn({ buildId }, 'build stranded: the gateway running it stopped renewing its claim');
        await this.failBuild(
          item,
          buildId!,
          `The gateway running this build stopped (no heartbeat for ${Math.round(this.options.leaseMs / 1000)} s); the build is not run again`,
        );
      }
      this.sharedWaiting = (await store.waiting(QUEUE)).length;
      await this.claim();
    } catch (error) {
      this.options.log.warn({ err: error }, 'build queue: cannot reach the state store');
    }
  }

  /** Takes builds from the shared queue while this gateway has room (one claim loop at a time). */
  private claim(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    this.claiming = (async () => {
      do {
        this.claimAgain = false;
        while (!this.closed && this.running.size < this.options.capacity) {
          const claimed = await this.options.store.claim(QUEUE, this.owner, Date.now() + this.options.leaseMs);
          if (claimed === null) break;
          this.sharedWaiting = Math.max(0, this.sharedWaiting - 1);
          await this.run(claimed.id, claimed.group);
        }
      } while (this.claimAgain && !this.closed);
    })().finally(() => (this.claiming = null));
    return this.claiming;
  }

  private async failBuild(item: string, buildId: string, reason: string): Promise<void> {
    const sandboxKey = item.slice(0, item.lastIndexOf(' '));
    await this.options.store.forgetQueued(QUEUE, item);
    await this.options.sandboxes.failStranded(sandboxKey, buildId, reason);
  }

  /** `address`: the client address the build's sandbox belongs to (its turn for a tool slot here). */
  private async run(item: string, address: string): Promise<void> {
    const { store, sandboxes, runner, leaseMs, log } = this.options;
    const sandboxKey = item.slice(0, item.lastIndexOf(' '));
    const buildId = item.slice(item.lastIndexOf(' ') + 1);
    const job = await sandboxes.jobOf(sandboxKey, buildId);
    if (!job) return store.forgetQueued(QUEUE, item); // cancelled, or its sandbox or project is gone

    let handle: RunningBuild | undefined;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      this.running.delete(buildId);
      void store.forgetQueued(QUEUE, item).catch(() => {});
      void this.claim().catch(() => {});
    };
    const stopHere = () => {
      handle?.cancel();
      end();
    };
    // Progress is stored in the order it came; a change the sandbox refuses (the build ended meanwhile) stops it.
    let chain = Promise.resolve();
    const then = (task: () => Promise<unknown>) => {
      chain = chain
        .then(async () => void (await task()))
        .catch((error: unknown) => {
          log.warn({ err: error, buildId }, 'build progress could not be stored');
          stopHere();
        });
    };
    // Events queued before an error or a cancel are still stored (the sandbox refuses them once the build has ended).
    const apply = (change: (build: BuildProgressRecord) => boolean) =>
      then(async () => {
        if (!(await sandboxes.record(sandboxKey, change))) stopHere();
      });
    const storage = sandboxes.storage;
    // Counted as stored: the finished build's size is known without reading its log back.
    const stored: LogSize = { lines: 0, bytes: 0 };
    // Once stopped here, lines still coming are not this build's log any more (see Sandbox.endBuild).
    const logLines = new LogBatches(then, async (lines) => {
      if (ended) return;
      await storage.append(buildId, lines);
      addToLogSize(stored, lines);
    });
    // Throttled outside the guard: a held-back list is passed on from a timer, through the guard.
    const progress: BuildProgress = throttleDiagnostics(
      guardProgress(
        {
          stageStarted: (stage) => apply((build) => build.stageStarted(buildId, stage)),
          log: (lines) => logLines.add(lines),
          stageFinished: (stage, outcome) => apply((build) => build.stageFinished(buildId, stage, outcome)),
          diagnostics: (list) => apply((build) => build.setDiagnostics(buildId, list)),
          waiting: (ahead) => apply((build) => build.setWaiting(buildId, ahead)),
          finished: (outcome) =>
            then(async () => {
              if (outcome.artifacts) await storage.saveArtifacts(buildId, outcome.artifacts);
              const error = outcome.status === 'failed' ? outcome.error : null;
              await sandboxes.finished(
                sandboxKey,
                buildId,
                { status: outcome.status, error },
                stored,
                outcome.artifacts,
              );
              end();
            }),
        },
        (error) => {
          handle?.cancel();
          const reason = `The build stopped: the build service failed (${publicErrorMessage(error)})`;
          then(async () => {
            await this.failBuild(item, buildId, reason);
            end();
          });
        },
      ),
    );
    const heartbeat = setInterval(
      () => {
        store.renew(QUEUE, item, this.owner, Date.now() + leaseMs).then(
          (still) => {
            if (!still) stopHere(); // cancelled, or taken back after a lapse: someone else has failed it
          },
          () => {}, // the store is unreachable: the next beat tries again before the lease ends
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    ).unref();
    this.running.set(buildId, { item, cancel: stopHere });
    try {
      handle = runner.start(job, progress, address);
    } catch (error) {
      stopHere();
      await this.failBuild(item, buildId, `The build stopped: the build service failed (${publicErrorMessage(error)})`);
    }
  }
}
