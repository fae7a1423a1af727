import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type pino from 'pino';
import { writeRequestCompleted } from './logger.js';
import { spaAnswer, type SpaFile } from './spa-files.js';

/** Fastify's request ids ('req-1', 'req-2', …): the fast path's requests take theirs from the same count. */
export function requestIds(): () => string {
  let next = 0;
  return () => `req-${(++next).toString(36)}`;
}

interface Started {
  log: FastifyBaseLogger;
  securityHeadersFor: (url: string) => Readonly<Record<string, string>>;
}

/**
 * The client build's files, answered before Fastify routes the request. They are most of a browser's
 * requests and the same bytes every time, and Fastify's per-request machinery (routing, the request
 * and reply objects, hooks, a child logger) was a quarter of their cost: at a fixed 4,000 requests/s for
 * a hashed asset, 83 µs of CPU per request through the routes, 63 µs here (plain Node `http` writing the
 * same headers: 73 µs).
 *
 * It answers exactly what the routes would, from the same pieces: the file in memory and its headers
 * (spa-files.ts `spaAnswer`), the security headers of its path (plugins/security.ts), the request log line
 * (logger.ts) with an id from Fastify's own count. Anything else is left to Fastify, which answers as it
 * always did: other methods (HEAD too) and paths, a query string, ranges and If-Match (from disk), a
 * trusted proxy (the log line's address and host then come from X-Forwarded-*, which Fastify works out),
 * before the plugins are ready and once the gateway is closing (Fastify answers 503 then).
 * static-fast-path.test.ts compares its answers with Fastify's over HTTP, header for header.
 */
export class StaticFastPath {
  private readonly files = new Map<string, () => SpaFile | undefined>();
  /** Merged headers by the file variant's headers (a rebuilt file's old ones are collected with it). */
  private readonly merged = new WeakMap<object, Map<object, Record<string, string>>>();
  private started: Started | undefined;

  constructor(
    /** TRUST_PROXY is set: every request goes to Fastify. */
    private readonly disabled: boolean,
    private readonly nextRequestId: () => string,
  ) {}

  /** Answers a GET of `url` (the exact request target) with what `file()` holds at the time. */
  serve(url: string, file: () => SpaFile | undefined): void {
    this.files.set(url, file);
  }

  /** Starts answering, once the plugins it takes its headers and logger from are ready. */
  start(started: Started): void {
    if (!this.disabled) this.started = started;
  }

  /** Leaves every request to Fastify from now on (it answers 503 while the gateway closes). */
  stop(): void {
    this.started = undefined;
  }

  /** Whether it answered `request`; false leaves the request to Fastify, untouched. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const { started } = this;
    // GET only: browsers do not ask for the build's files with HEAD, and Fastify's HEAD answers have
    // quirks of their own (a 304 with Content-Length: 0).
    if (!started || request.method !== 'GET') return false;
    const url = request.url ?? '';
    const file = this.files.get(url)?.();
    if (!file) return false;
    const answer = spaAnswer(request.headers, file);
    if (!answer) return false;
    const startedAt = performance.now();
    response.writeHead(answer.status, this.headersOf(started.securityHeadersFor(url), answer.headers));
    response.end(answer.body);
    this.logRequest(started.log, request, answer.status, performance.now() - startedAt);
    return true;
  }

  /**
   * The security headers and the file's, as one object, made once per pair: both are fixed objects
   * (per kind of path, per encoding of a file), and merging twenty headers for every request was a
   * tenth of the fast path's time.
   */
  private headersOf(security: Readonly<Record<string, string>>, file: Record<string, string>): Record<string, string> {
    let bySecurity = this.merged.get(file);
    if (!bySecurity) this.merged.set(file, (bySecurity = new Map()));
    let headers = bySecurity.get(security);
    if (!headers) bySecurity.set(security, (headers = { ...security, ...file }));
    return headers;
  }

  private logRequest(log: FastifyBaseLogger, request: IncomingMessage, statusCode: number, elapsed: number): void {
    if ((log as Partial<pino.Logger>).isLevelEnabled?.('info') === false) return;
    const host = request.headers.host ?? '';
    // The fields Fastify's request gives the line: its hostname drops the port (IPv6 keeps its brackets).
    const logged = {
      method: request.method,
      url: request.url,
      hostname: host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0],
      ip: request.socket.remoteAddress,
      socket: request.socket,
    };
    const reqId = this.nextRequestId();
    if (!writeRequestCompleted(log, logged, statusCode, elapsed, reqId))
      log.child({ reqId }).info({ req: logged, res: { statusCode }, responseTime: elapsed }, 'request completed');
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
 * request cap, as fastify/lib/server.js sets them), whose requests meet the fast path first.
 */
export function serverWithFastPath(fastPath: StaticFastPath) {
  return (handler: RequestListener, options: ServerOptions): http.Server => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!fastPath.handle(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
