import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The client build held in memory: a stat, an open, reads and a close per request were most of the
 * gateway's time per static request (the files are small and never change between deploys). Headers
 * are those @fastify/send computes (its ETag and Last-Modified from the file's size and mtime, its
 * Content-Type with charset), so caches and browsers see no difference.
 */

/** Content types as `mime` (what @fastify/send uses) names them; other files are served from disk. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Types @fastify/compress would compress on the fly (text, scripts, JSON, SVG). */
const COMPRESSIBLE = /^text\/|javascript|json|svg/;

/** Source maps are large and fetched only by developer tools: they stay on disk. */
const ON_DISK_ONLY = /\.(?:map|br|gz)$/;

export type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  /** The response headers of this variant, without the security headers every answer gets. */
  headers: Record<string, string>;
  etag: string;
  lastModified: string;
  /** Last-Modified as milliseconds (whole seconds, as the header says) for If-Modified-Since. */
  modifiedMs: number;
  /** The headers of a 304 for it: @fastify/send leaves out the type, length and encoding. */
  notModifiedHeaders: Record<string, string>;
}

const NOT_IN_304 = new Set(['content-encoding', 'content-length', 'content-type']);

export interface SpaFile {
  /** The file relative to the build's root ('assets/x.js'), for reply.sendFile. */
  relative: string;
  variants: Partial<Record<Encoding, Variant>>;
}

const etagOf = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;

function variant(body: Buffer, stat: fs.Stats, base: Record<string, string>, encoding: Encoding): Variant {
  const etag = etagOf(stat);
  const lastModified = stat.mtime.toUTCString();
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'last-modified': lastModified,
    etag,
    ...base,
    'content-length': String(body.length),
    vary: 'accept-encoding',
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  const notModifiedHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_IN_304.has(name)));
  return { body, headers, etag, lastModified, modifiedMs: Date.parse(lastModified), notModifiedHeaders };
}

/**
 * Reads one file of the build and its encodings: the build's .br/.gz siblings when it wrote them
 * (with their own ETag, as @fastify/static sends them), else compressed here once (what
 * @fastify/compress did on every request). Undefined for a file left to the disk path.
 */
export function loadSpaFile(root: string, relative: string, cacheControl: string): SpaFile | undefined {
  const file = path.join(root, relative);
  const type = TYPES[path.extname(file)];
  if (!type || ON_DISK_ONLY.test(file)) return undefined;
  let stat: fs.Stats;
  let body: Buffer;
  try {
    stat = fs.statSync(file);
    if (!stat.isFile()) return undefined;
    body = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const base = { 'content-type': type, 'cache-control': cacheControl };
  const variants: SpaFile['variants'] = { identity: variant(body, stat, base, 'identity') };
  for (const [encoding, suffix, compress] of [
    ['br', '.br', (data: Buffer) => brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
    ['gzip', '.gz', (data: Buffer) => gzipSync(data, { level: 9 })],
  ] as const) {
    try {
      variants[encoding] = variant(fs.readFileSync(file + suffix), fs.statSync(file + suffix), base, encoding);
    } catch {
      if (COMPRESSIBLE.test(type)) variants[encoding] = variant(compress(body), stat, base, encoding);
    }
  }
  return { relative, variants };
}

/** Every file under `root`, as paths relative to it with forward slashes. */
export function buildFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .map((name) => name.split(path.sep).join('/'));
}

const negotiated = new Map<string, Encoding>();

/** The encoding to send for an Accept-Encoding header: br or gzip by q-value (br on a tie), else identity. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const known = negotiated.get(acceptEncoding);
  if (known) return known;
  const quality: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    quality[name.trim()] = q === undefined ? 1 : Number(q);
  }
  const of = (name: string) => quality[name] ?? quality['*'] ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  const choice: Encoding = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : 'identity';
  if (negotiated.size >= 100) negotiated.clear();
  negotiated.set(acceptEncoding, choice);
  return choice;
}

/** Whether a conditional request is answered 304, as @fastify/send decides it. */
function notModified(headers: IncomingHttpHeaders, file: Variant): boolean {
  if (headers['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === '*') return true;
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === file.etag || `W/${tag}` === file.etag);
  }
  const ifModifiedSince = headers['if-modified-since'];
  return ifModifiedSince !== undefined && file.modifiedMs <= Date.parse(ifModifiedSince);
}

/** What a GET or HEAD of a file held in memory is answered with (HEAD: the same, and Node sends no body). */
export interface SpaAnswer {
  status: 200 | 304;
  /** The file's headers (for a 304, those @fastify/send keeps), without the security headers. */
  headers: Record<string, string>;
  /** Absent for a 304. */
  body?: Buffer;
}

/**
 * The answer to a GET or HEAD of a file held in memory, for the request's headers: the encoding it
 * accepts, a 304 when its copy is current. Null for ranges and If-Match/If-Unmodified-Since (rare:
 * resumed downloads, never the SPA itself), which @fastify/static answers from disk.
 */
export function spaAnswer(headers: IncomingHttpHeaders, file: SpaFile): SpaAnswer | null {
  if (
    headers.range !== undefined ||
    headers['if-match'] !== undefined ||
    headers['if-unmodified-since'] !== undefined
  ) {
    return null;
  }
  const chosen = file.variants[preferredEncoding(headers['accept-encoding'])] ?? file.variants.identity!;
  if (
    (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) &&
    notModified(headers, chosen)
  ) {
    return { status: 304, headers: chosen.notModifiedHeaders };
  }
  return { status: 200, headers: chosen.headers, body: chosen.body };
}

/** Answers a GET or HEAD of a file held in memory through Fastify (spaAnswer; from disk when it says so). */
export function sendSpaFile(request: FastifyRequest, reply: FastifyReply, file: SpaFile): FastifyReply {
  const answer = spaAnswer(request.headers, file);
  if (!answer) return reply.sendFile(file.relative);
  reply.code(answer.status).headers(answer.headers);
  return answer.body ? reply.send(answer.body) : reply.send();
}
