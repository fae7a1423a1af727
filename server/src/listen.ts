import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { listenOnCopies, type ListenCopies } from './listen-copies.js';

/**
 * Starts accepting: the configured port with a backlog for a burst of MAX_CONNECTIONS (Node's default
 * of 511 has the kernel drop the rest's SYNs, which then retry after 1, 3, 7, 15 s), on
 * LISTEN_DESCRIPTORS descriptors (listen-copies.ts: why). A cluster worker has no descriptor of its
 * own (the primary accepts and hands connections on, which balances them), so it listens as Node
 * does: with SCHED_NONE and copies per worker, the kernel gave one worker 40 of 50 connections.
 */
export async function listenGateway(app: FastifyInstance, config: AppConfig): Promise<ListenCopies | undefined> {
  const { maxConnections, listenDescriptors } = config.http;
  const backlog = Math.min(maxConnections, 4096);
  let making: Promise<ListenCopies | undefined> = Promise.resolve(undefined);
  const closing = new AbortController();
  // fastify.close() closes the server's own listener; the copies stop accepting first, and a SIGTERM
  // while the helper is still making them stops it, gone before the server's listener closes
  // (listen-copies.ts): a copy open anywhere keeps the kernel queueing connections nobody accepts.
  app.addHook('preClose', async () => {
    closing.abort();
    (await making)?.close();
  });
  await app.listen({ port: config.port, host: config.host, backlog });
  if (cluster.isWorker || listenDescriptors <= 1) return undefined;
  making = listenOnCopies(app.server, { copies: listenDescriptors - 1, backlog, signal: closing.signal }).catch(
    (error: unknown) => {
      if (!closing.signal.aborted)
        app.log.warn({ err: error }, 'accepting on one descriptor: copies of the listening socket failed');
      return undefined;
    },
  );
  return making;
}
