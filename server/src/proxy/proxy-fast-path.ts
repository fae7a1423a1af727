import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { finished, type Readable } from 'node:stream';
import { errorCodes, type FastifyBaseLogger } from 'fastify';
import type { FastPath, FastPathContext, FastPaths } from '../fast-paths.js';
import { errorAnswer, JSON_TYPE } from '../errors.js';
import {
  checkPath,
  dispatchExchange,
  type AnswerTarget,
  type ExchangeOptions,
  type UpstreamResponse,
} from './forward.js';
import { clientChain } from './hygiene.js';

/** One proxied prefix the fast path may answer, with what its route would do. */
export interface FastRoute {
  exchange: ExchangeOptions;
  /** The answer and warning for an upstream that failed before answering (as the route's onError). */
  failure: (error: unknown) => { status: number; detail: string; logged: Record<string, unknown> };
}

const OCTET_TYPE = 'application/octet-stream';

/**
 * A plain GET to a proxied prefix (the compile API's `/api`, the identity provider's paths), forwarded
 * before Fastify routes it. Such calls are most of the proxy's traffic, and Fastify's machinery per
 * request (routing, its request and reply, hooks, a child logger) was about a tenth of their CPU.
 *
 * It sends what the route would (proxy.ts, through the same exchange, forward.ts): the security
 * headers of the path, the same request headers upstream (forwarded, cookies filtered), the upstream's
 * answer as Fastify writes it (a missing Content-Type on a small body becomes application/octet-stream,
 * 204 loses Content-Type and Content-Length), the same failures (502/504 `{"detail"}` and their
 * warning, a stream cut mid-way), and the request log line. Left to Fastify: other methods, a request
 * with a body, a path Fastify would decode or refuse (`%`, `#`) or the route would (`..`), routes of
 * their own (GET /api/openapi.json), and prefixes whose answers are checked (VALIDATE) or may come from
 * the mock (MOCK_FALLBACK). proxy-fast-path.test.ts compares its answers with the routes'.
 */
export class ProxyFastPath implements FastPath {
  private readonly routes = new Map<string, FastRoute>();
  private readonly ownRoutes = new Set<string>();

  /** Forwards GETs under `prefix` (a first path segment, `/api`) as `route`. */
  forward(prefix: string, route: FastRoute): void {
    this.routes.set(prefix, route);
  }

  /** A path (without query) with a route of its own, left to Fastify. */
  leave(path: string): void {
    this.ownRoutes.add(path);
  }

  handle(request: IncomingMessage, response: ServerResponse, context: FastPathContext, paths: FastPaths): boolean {
    if (request.method !== 'GET') return false;
    const { headers } = request;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const url = request.url ?? '';
    // The first path segment, and the path's end (its query).
    let segmentEnd = 1;
    let pathEnd = -1;
    for (let at = 1; at < url.length; at++) {
      const code = url.charCodeAt(at);
      if (code === 63 /* ? */) {
        pathEnd = at;
        break;
      }
      if (code === 37 /* % */ || code === 35 /* # */) return false;
      if (code === 47 /* / */ && segmentEnd === 1) segmentEnd = at;
    }
    if (pathEnd === -1) pathEnd = url.length;
    if (segmentEnd === 1) segmentEnd = pathEnd;
    const route = this.routes.get(url.slice(0, segmentEnd));
    if (!route || this.ownRoutes.has(url.slice(0, pathEnd))) return false;
    try {
      checkPath(url);
    } catch {
      return false; // Fastify's route answers 400.
    }
    const target = new ResponseTarget(request, response, context, paths, route);
    dispatchExchange(
      route.exchange,
      'GET',
      url,
      headers,
      clientChain(undefined, request.socket.remoteAddress),
      undefined,
      target,
    );
    return true;
  }
}

/** The exchange's answer written on the raw response, as Fastify's reply would write it. */
class ResponseTarget implements AnswerTarget {
  readonly method = 'GET';
  private readonly headers: Record<string, string | string[]>;
  private statusCode = 200;
  private readonly startedAt = performance.now();
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly context: FastPathContext,
    private readonly paths: FastPaths,
    private readonly route: FastRoute,
  ) {
    this.headers = { ...context.securityHeadersFor(request.url ?? '') };
  }

  requestComplete(): boolean {
    return this.request.complete;
  }

  clientGone(): boolean {
    return this.response.destroyed || Boolean(this.request.socket?.destroyed);
  }

  sent(): boolean {
    return this.response.writableEnded;
  }

  header(name: string, value: string | string[]): void {
    this.headers[name.toLowerCase()] = value;
  }

  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }

  status(code: number): void {
    // Fastify's reply.code refuses the same, with this error (logged with the 502).
    if (!(code >= 100 && code <= 599)) throw new errorCodes.FST_ERR_BAD_STATUS_CODE(String(code));
    this.statusCode = code;
  }

  sendWhole({ whole }: UpstreamResponse & { whole: Buffer }): void {
    const { headers, statusCode } = this;
    if (statusCode === 204) {
      delete headers['content-type'];
      delete headers['content-length'];
    } else {
      headers['content-type'] ??= OCTET_TYPE;
      if (Number(headers['content-length']) !== whole.length) headers['content-length'] = String(whole.length);
    }
    this.end(statusCode, whole);
  }

  sendStream({ stream }: UpstreamResponse & { stream: Readable }): void {
    const { response, headers, statusCode } = this;
    if (statusCode === 204) {
      delete headers['content-type'];
      delete headers['content-length'];
      stream.on('error', () => undefined).resume();
      this.end(statusCode, undefined);
      return;
    }
    // As Fastify sends a stream: the head goes out with the first bytes, so a stream that fails
    // before any is still answered as an error.
    response.statusCode = statusCode;
    for (const name in headers) response.setHeader(name, headers[name]!);
    let sourceOpen = true;
    let errorLogged = false;
    const logStreamError = (error: NodeJS.ErrnoException) => {
      errorLogged = true;
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE')
        this.requestLog().info({ res: { statusCode } }, 'stream closed prematurely');
      else this.requestLog().warn({ err: error }, 'response terminated with an error with headers already sent');
    };
    finished(stream, { readable: true, writable: false }, (error) => {
      sourceOpen = false;
      if (!error) return;
      if (response.headersSent || this.request.destroyed) {
        if (!errorLogged) logStreamError(error);
        response.destroy();
      } else this.serverError(error);
    });
    finished(response, (error) => {
      if (!sourceOpen) return;
      if (error && response.headersSent && !errorLogged) logStreamError(error);
      stream.destroy();
    });
    response.once('finish', () => this.logCompleted());
    stream.pipe(response);
  }

  fail(error: unknown): void {
    const { status, detail, logged } = this.route.failure(error);
    this.requestLog().warn({ err: error, ...logged }, detail);
    this.sendJson(status, detail);
  }

  /**
   * A stream failed before its first byte: answered as the gateway's error handler answers it (with
   * the headers set so far, as Fastify keeps them).
   */
  private serverError(error: Error): void {
    const answer = errorAnswer(error);
    if (answer.status >= 500) this.requestLog().error({ err: error }, 'request failed');
    else this.requestLog().info({ err: { message: error.message, code: answer.code } }, 'request rejected');
    this.sendJson(answer.status, answer.detail);
  }

  private sendJson(status: number, detail: string): void {
    const body = Buffer.from(JSON.stringify({ detail }));
    this.headers['content-type'] = JSON_TYPE;
    this.headers['content-length'] = String(body.length);
    this.end(status, body);
  }

  private end(status: number, body: Buffer | undefined): void {
    this.statusCode = status;
    this.response.writeHead(status, this.headers);
    this.response.end(body);
    this.logCompleted();
  }

  private requestLog(): FastifyBaseLogger {
    return (this.log ??= this.paths.requestLog(this.context.log));
  }

  private logCompleted(): void {
    const { log } = this.context;
    if ((log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') === false) return;
    this.paths.logCompleted(this.requestLog(), this.request, this.statusCode, performance.now() - this.startedAt);
  }
}
