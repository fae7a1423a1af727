import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, placeholderLinksWarning } from './config.js';
import { openMockWarning, plainHttpUpstreamsWarning } from './exposure.js';
import { runPrimary, SHUTDOWN_MESSAGE } from './cluster.js';
import { listenGateway } from './listen.js';

/** Process entry point: configuration, listen, graceful shutdown. Everything else is in buildApp. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md, "Configuration".\n`);
      process.exit(1);
    }
    throw error;
  }

  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);

  const app = await buildApp(config);

  // A cluster worker leaves signals to the primary (a terminal's Ctrl-C reaches the whole process
  // group, and a second signal would cut the drain short): it drains when told to, or when the
  // primary is gone.
  const workerSignals: ('SIGINT' | 'SIGTERM' | 'SIGHUP')[] = cluster.isWorker ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : [];
  const shutdown = closeWithGrace({ delay: config.shutdownGraceMs, skip: workerSignals }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining in-flight requests');
    // fastify.close() stops accepting, waits for in-flight requests and runs onClose hooks.
    await app.close();
  });
  if (cluster.isWorker) {
    for (const signal of workerSignals) process.on(signal, () => {});
    let closing = false;
    const drain = () => {
      if (closing) return;
      closing = true;
      void shutdown.close();
    };
    process.on('message', (message) => message === SHUTDOWN_MESSAGE && drain());
    process.on('disconnect', drain);
  }

  await listenGateway(app, config);
  const worker = cluster.isWorker ? `, worker ${cluster.worker?.id} of ${config.workers}` : '';
  app.log.info(`Cloud Compile gateway (${config.mode} mode${worker}) at ${config.publicUrl}`);
  for (const warning of [openMockWarning(config), plainHttpUpstreamsWarning(config), placeholderLinksWarning(config)])
    if (warning) app.log.warn(warning);
}

void main();
