import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, placeholderLinksWarning } from './config.js';
import { openMockWarning } from './exposure.js';

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

  const app = await buildApp(config);

  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining in-flight requests');
    // fastify.close() stops accepting, waits for in-flight requests and runs onClose hooks.
    await app.close();
  });

  // A burst of new connections (up to MAX_CONNECTIONS, at most the kernel's usual somaxconn) waits in
  // the accept queue; with Node's default of 511 the kernel drops the rest's SYNs, which then retry
  // after 1, 3, 7, 15 s.
  await app.listen({ port: config.port, host: config.host, backlog: Math.min(config.http.maxConnections, 4096) });
  app.log.info(`Cloud Compile gateway (${config.mode} mode) at ${config.publicUrl}`);
  for (const warning of [openMockWarning(config), placeholderLinksWarning(config)]) if (warning) app.log.warn(warning);
}

void main();
