import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppConfig } from './config.js';
import { loggerOptions } from './logger.js';
import errorsPlugin from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import healthPlugin from './plugins/health.js';
import configJsonPlugin from './plugins/config-json.js';
import spaPlugin from './plugins/spa.js';
import proxyPlugin from './proxy/proxy.js';
import mockPlugin from './mock/mock.js';
import suiteCoveragePlugin from './contract/suite-coverage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/**
 * The whole gateway as one Fastify instance. server.ts (the process) and every test build it
 * the same way, so tests exercise exactly what production runs.
 */
export async function buildApp(
  config: AppConfig,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // Behind the gateway FusionAuth and the SPA need the real client address in X-Forwarded-For.
    trustProxy: false,
    // Large artifact uploads go to the upstream as streams; the mock reads files as text.
    bodyLimit: 50 * 1024 * 1024,
    ...options,
  });
  app.decorate('config', config);

  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(healthPlugin);
  await app.register(configJsonPlugin);
  await app.register(suiteCoveragePlugin);

  if (config.mode === 'proxy') await app.register(proxyPlugin);
  else await app.register(mockPlugin);

  await app.register(spaPlugin);
  return app;
}
