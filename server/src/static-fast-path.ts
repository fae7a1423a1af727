import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastPath, FastPathContext, FastPaths } from './fast-paths.js';
import { spaAnswer, type SpaFile } from './spa-files.js';

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
export class StaticFastPath implements FastPath {
  private readonly files = new Map<string, () => SpaFile | undefined>();
  /** Merged headers by the file variant's headers (a rebuilt file's old ones are collected with it). */
  private readonly merged = new WeakMap<object, Map<object, Record<string, string>>>();

  /** Answers a GET of `url` (the exact request target) with what `file()` holds at the time. */
  serve(url: string, file: () => SpaFile | undefined): void {
    this.files.set(url, file);
  }

  /** Whether it answered `request`; false leaves the request to Fastify, untouched. */
  handle(request: IncomingMessage, response: ServerResponse, context: FastPathContext, paths: FastPaths): boolean {
    // GET only: browsers do not ask for the build's files with HEAD, and Fastify's HEAD answers have
    // quirks of their own (a 304 with Content-Length: 0).
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    const file = this.files.get(url)?.();
    if (!file) return false;
    const answer = spaAnswer(request.headers, file);
    if (!answer) return false;
    const startedAt = performance.now();
    response.writeHead(answer.status, this.headersOf(context.securityHeadersFor(url), answer.headers));
    response.end(answer.body);
    paths.logRequest(context.log, request, answer.status, performance.now() - startedAt);
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
}
