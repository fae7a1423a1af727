import type { ArtifactFile } from './artifacts.js';
import type { BuildStorage } from './build-storage.js';
import type { BuildEnding, BuildQueue } from './queue/build-queue.js';
import type { BuildJob } from './runner.js';

/**
 * The two ports between the sandboxes (store/) and the dispatcher (dispatcher.ts). Each side knows the
 * other only through these, so imports run one way (store/ → builds/); the store's adapter
 * (store/build-wiring.ts) connects them.
 */

/** Where a sandbox's builds go to run, and how they are stopped (the gateways' shared queue, BuildDispatcher). */
export interface BuildHandoff {
  /**
   * Queues the build for any gateway to run. Builds of one client address (`address`, the sandbox
   * creator's clientKey) take turns with other addresses': one visitor's many sandboxes cannot queue
   * their builds ahead of everyone else's.
   */
  dispatch(sandboxKey: string, buildId: string, address: string): Promise<void>;
  stop(sandboxKey: string, buildId: string): Promise<void>;
  /** Builds of every sandbox waiting for a tool slot in this gateway now. */
  waiting(): number;
}

/** A running build's record as its progress changes it: each change is false once the build is gone or has ended. */
export type BuildProgressRecord = Pick<BuildQueue, 'stageStarted' | 'stageFinished' | 'setDiagnostics' | 'setWaiting'>;

/** How much a finished build's stored log holds: counted while it was stored, never read back to count. */
export interface LogSize {
  lines: number;
  /** UTF-8 bytes, a newline counted after each line. */
  bytes: number;
}

export const logSizeOf = (lines: readonly string[]): LogSize => {
  const size = { lines: 0, bytes: 0 };
  addToLogSize(size, lines);
  return size;
};

export function addToLogSize(size: LogSize, lines: readonly string[]): void {
  size.lines += lines.length;
  for (const line of lines) size.bytes += Buffer.byteLength(line) + 1;
}

/** The sandboxes as the dispatcher sees them: each call is one unit of work on the build's sandbox. */
export interface BuildSandboxes {
  /** Where builds' log lines and artifacts are kept. */
  readonly storage: BuildStorage;
  /** The job of a build handed to the shared queue; null or undefined: it is gone or has ended. */
  jobOf(sandboxKey: string, buildId: string): Promise<BuildJob | null | undefined>;
  /** Stores a change of a running build's record; false: the build is gone or has ended, stop it. */
  record(sandboxKey: string, change: (build: BuildProgressRecord) => boolean): Promise<boolean>;
  /** The runner finished the build: its log (`log` lines stored) and its own artifacts, if it made any. */
  finished(
    sandboxKey: string,
    buildId: string,
    outcome: { status: 'succeeded' | 'failed'; error: string | null },
    log: LogSize,
    own?: readonly ArtifactFile[],
  ): Promise<void>;
  /** Fails a build nobody finishes (its gateway stopped, or the build service failed), saying why in its log. */
  failStranded(sandboxKey: string, buildId: string, reason: string): Promise<void>;
}

/** A build's ending from what the runner (or a stop) left: its status, artifacts and how much log is its. */
export function buildEnding(
  status: BuildEnding['status'],
  error: string | null,
  artifacts: readonly ArtifactFile[],
  stored: boolean,
  log: LogSize,
): BuildEnding {
  return {
    status,
    error,
    artifacts: artifacts.map((a) => ({ name: a.name, size: a.content.length, content_type: a.contentType })),
    artifactsStored: stored,
    logBytes: log.bytes,
    logLines: log.lines,
  };
}
