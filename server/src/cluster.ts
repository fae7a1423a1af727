import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { AppConfig } from './config.js';
import { loggerOptions } from './logger.js';

/** What the primary tells a worker to drain and exit with (workers leave signals to the primary). */
export const SHUTDOWN_MESSAGE = 'cloud-compile:shutdown';

/** A worker that dies this soon after it started is failing to start (a taken port, say): no respawn loop. */
const CRASH_LOOP_MS = 5_000;

/**
 * WORKERS > 1: this process forks that many gateways, which share the one listening port (Node's
 * cluster hands each new connection to the next worker in turn) and nothing else; proxy mode keeps
 * no state between requests. A worker that dies is replaced; on SIGTERM or SIGINT every worker is
 * told to drain its requests as a lone gateway would, and the primary exits once they all have.
 */
export function runPrimary(config: AppConfig): void {
  const options = loggerOptions(config);
  const log = pino(options && typeof options === 'object' ? (options as pino.LoggerOptions) : { level: 'silent' });
  const startedAt = new Map<Worker, number>();
  let stopping = false;

  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const started = startedAt.get(worker) ?? 0;
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    if (Date.now() - started < CRASH_LOOP_MS) {
      log.fatal({ pid: worker.process.pid, code, signal }, 'a gateway worker failed at start: stopping');
      stopping = true;
      for (const other of startedAt.keys()) other.send(SHUTDOWN_MESSAGE);
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a gateway worker died: starting another');
    fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal, workers: startedAt.size }, 'shutting down: every worker drains its in-flight requests');
      for (const worker of startedAt.keys()) worker.send(SHUTDOWN_MESSAGE);
    });
  }
  log.info({ workers: config.workers }, `starting ${config.workers} gateway workers on port ${config.port}`);
  for (let i = 0; i < config.workers; i++) fork();
}
