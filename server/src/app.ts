import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import type { AppConfig } from './config.js';
import { loggerOptions, withAsyncStdout, writeRequestCompleted } from './logger.js';
import errorsPlugin from './plugins/error-handler.js';
import securityPlugin from './plugins/security.js';
import healthPlugin from './plugins/health.js';
import configJsonPlugin from './plugins/config-json.js';
import cliPackagePlugin from './plugins/cli-package.js';
import spaPlugin from './plugins/spa.js';
import { sendError } from './errors.js';
import { answerClientError, frameworkErrorDetail } from './framework-errors.js';
import { limitConnectionsPerAddress } from './connection-limit.js';
import { StaticFastPath, requestIds, serverWithFastPath } from './static-fast-path.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many proxies nearest the gateway. */
function trustProxyOption(trust: AppConfig['http']['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * One log line per request, once answered, with what Fastify's "incoming request" line told (the
 * request, through logger.ts's serializer) and its "request completed" line: at info, two lines (each
 * serialized, redacted and written) were a large share of a small request's time.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (!writeRequestCompleted(reply.log, request, reply.statusCode, reply.elapsedTime))
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The whole gateway as one Fastify instance. server.ts (the process) and every test build it
 * the same way, so tests exercise exactly what production runs.
 */
export async function buildApp(config: AppConfig, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const { http } = config;
  const genReqId = requestIds();
  // The build's files are answered before Fastify routes them (static-fast-path.ts), except behind a
  // trusted proxy, whose X-Forwarded-* Fastify works out for the log line.
  const fastPath = new StaticFastPath(http.trustProxy !== false, genReqId);
  const app = Fastify({
    logger: withAsyncStdout(loggerOptions(config)),
    logController: new OneLinePerRequest(),
    genReqId,
    serverFactory: serverWithFastPath(fastPath),
    // TRUST_PROXY: off, the gateway is the edge and a client's X-Forwarded-For is not believed.
    trustProxy: trustProxyOption(http.trustProxy),
    // Every route, parsed or streamed (proxy/body-limit.ts applies it to streamed bodies).
    bodyLimit: http.bodyLimitBytes,
    // A client gets REQUEST_TIMEOUT_MS to send a whole request and HEADERS_TIMEOUT_MS for its headers;
    // Node checks both every connectionsCheckingInterval, so that is kept well below the headers timeout.
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      requestTimeout: http.requestTimeoutMs,
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(http.headersTimeoutMs / 4))),
    },
    // Errors Fastify raises before routing (a malformed URL) and before parsing (bad HTTP) keep the
    // gateway's {"detail"} shape and security headers too (framework-errors.ts).
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      reply.headers(app.securityHeadersFor(request.url));
      void sendError(reply as FastifyReply, status, frameworkErrorDetail(error));
    },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, app.securityHeadersFor()),
    ...options,
  });
  // Beyond this many open client connections new ones are closed at once; each upstream pool is as
  // large (proxy/upstream.ts), so a client's request never queues behind other clients' streams.
  app.server.maxConnections = http.maxConnections;
  limitConnectionsPerAddress(app.server, http.maxConnectionsPerAddress);
  app.decorate('config', config);

  // Only the mock reads cookies itself (its sign-in); the proxy passes the Cookie header on as text,
  // so parsing it for every proxied request was wasted.
  if (config.mode === 'mock') await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(healthPlugin);
  await app.register(configJsonPlugin);
  await app.register(cliPackagePlugin);

  // Each mode loads only its own modules: a proxy gateway never loads the mock (its contract
  // router, fixtures, faker, the build tools), which is start-up time and memory in production.
  if (config.mode === 'proxy') await app.register(import('./proxy/proxy.js'));
  else await app.register(import('./mock/mock.js'));

  await app.register(spaPlugin, { fastPath });
  app.addHook('onReady', async () => fastPath.start({ log: app.log, securityHeadersFor: app.securityHeadersFor }));
  app.addHook('preClose', async () => fastPath.stop());
  return app;
}
