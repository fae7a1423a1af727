import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
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
    // Proxy mode streams bodies to the upstream; the mock reads them whole, and the contract's largest
    // body is a 5 MiB file, so the mock refuses more before reading it into memory.
    bodyLimit: config.mode === 'mock' ? 8 * 1024 * 1024 : 50 * 1024 * 1024,
    // Errors Fastify raises before routing (a malformed URL) keep the gateway's {"detail"} shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send({ detail: error.message });
    },
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
