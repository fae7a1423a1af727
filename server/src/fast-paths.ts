import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type pino from 'pino';
import { writeRequestCompleted } from './logger.js';

/** Fastify's request ids ('req-1', 'req-2', …): the fast paths' requests take theirs from the same count. */
export function requestIds(): () => string {
  let next = 0;
  return () => `req-${(++next).toString(36)}`;
}

/** What a fast path answers with, once the gateway's plugins are ready. */
export interface FastPathContext {
  /** The gateway's logger (each request logs through a child with its id: {@link FastPaths.requestLog}). */
  log: FastifyBaseLogger;
  securityHeadersFor: (url: string) => Readonly<Record<string, string>>;
}

/**
 * Answers some requests before Fastify routes them, exactly as the routes would (the same headers,
 * log line and errors), for requests so frequent that Fastify's per-request machinery (routing, the
 * request and reply objects, hooks, a child logger) is a large share of their cost.
 */
export interface FastPath {
  /** Whether it took `request`; false leaves it to Fastify, untouched. */
  handle(request: IncomingMessage, response: ServerResponse, context: FastPathContext, paths: FastPaths): boolean;
}

/** The host Fastify's request gives the log line: its hostname drops the port (IPv6 keeps its brackets). */
function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
}

/**
 * The gateway's fast paths (static-fast-path.ts, proxy/proxy-fast-path.ts), tried in turn for each
 * request. Off behind a trusted proxy (TRUST_PROXY): the log line's address and host then come from
 * X-Forwarded-*, which Fastify works out; before the plugins are ready; and once the gateway is closing
 * (Fastify answers 503 then).
 */
export class FastPaths {
  private readonly paths: FastPath[] = [];
  private context: FastPathContext | undefined;

  constructor(
    /** TRUST_PROXY is set: every request goes to Fastify. */
    private readonly disabled: boolean,
    private readonly nextRequestId: () => string,
  ) {}

  add(path: FastPath): void {
    this.paths.push(path);
  }

  /** Starts answering, once the plugins it takes its headers and logger from are ready. */
  start(context: FastPathContext): void {
    if (!this.disabled) this.context = context;
  }

  /** Leaves every request to Fastify from now on (it answers 503 while the gateway closes). */
  stop(): void {
    this.context = undefined;
  }

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const { context } = this;
    if (!context) return false;
    for (const path of this.paths) if (path.handle(request, response, context, this)) return true;
    return false;
  }

  /** The logger of one request: its id from Fastify's count, as Fastify's reply.log. */
  requestLog(log: FastifyBaseLogger): FastifyBaseLogger {
    return log.child({ reqId: this.nextRequestId() });
  }

  /** The "request completed" line Fastify writes for a request (logger.ts), through its logger. */
  logCompleted(requestLog: FastifyBaseLogger, request: IncomingMessage, statusCode: number, elapsed: number): void {
    const logged = {
      method: request.method,
      url: request.url,
      hostname: hostnameOf(request.headers.host ?? ''),
      ip: request.socket.remoteAddress,
      socket: request.socket,
    };
    if (!writeRequestCompleted(requestLog, logged, statusCode, elapsed))
      requestLog.info({ req: logged, res: { statusCode }, responseTime: elapsed }, 'request completed');
  }

  /** Like {@link logCompleted}, with a request id of its own; nothing at all below info. */
  logRequest(log: FastifyBaseLogger, request: IncomingMessage, statusCode: number, elapsed: number): void {
    if ((log as Partial<pino.Logger>).isLevelEnabled?.('info') === false) return;
    this.logCompleted(this.requestLog(log), request, statusCode, elapsed);
  }
}

/** What Fastify hands its serverFactory (its options, with defaults) that shapes the server. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's serverFactory: the HTTP server Fastify would make (its http options, timeouts and
 * request cap, as fastify/lib/server.js sets them), whose requests meet the fast paths first.
 */
export function serverWithFastPaths(fastPaths: FastPaths) {
  return (handler: RequestListener, options: ServerOptions): http.Server => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!fastPaths.handle(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
