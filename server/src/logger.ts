import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { AppConfig } from './config.js';

/**
 * Paths pino blanks out: credentials must never reach a log line. A `req` or `res` never carries
 * headers (their serializers below keep named fields only), so redaction there had nothing to find
 * and cost a third of every request line.
 */
export const REDACTED_PATHS = ['headers.cookie', 'headers.authorization', 'headers["x-admin-token"]'];

// Identity-provider paths whose last segment is a one-time secret (a password-change or verification id).
const SECRET_PATH_SEGMENT = /^(\/(?:password\/change|email\/verify|registration\/verify|oauth2\/passwordless)\/)[^/?]+/;

/**
 * A request URL as it may be logged: query values blanked (authorization codes, states, tokens ride
 * there) but their names kept, and one-time ids in identity paths masked.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH_SEGMENT, '$1[redacted]');
  if (queryAt === -1) return path;
  const names = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=[redacted]`);
  return `${path}?${names.join('&')}`;
}

/** What a request line says about the answer: its status only (Set-Cookie and the rest stay out). */
interface LoggedReply {
  statusCode?: number;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The request line's `req` object, as the `req` serializer of {@link loggerOptions} writes it. */
function requestJson(request: LoggedRequest): string {
  const fields: string[] = [];
  if (request.method !== undefined) fields.push(`"method":${JSON.stringify(request.method)}`);
  if (typeof request.url === 'string') fields.push(`"url":${JSON.stringify(loggableUrl(request.url))}`);
  if (request.hostname !== undefined) fields.push(`"host":${JSON.stringify(request.hostname)}`);
  if (request.ip !== undefined) fields.push(`"remoteAddress":${JSON.stringify(request.ip)}`);
  const port = request.socket?.remotePort;
  if (port !== undefined) fields.push(`"remotePort":${port}`);
  return `{${fields.join(',')}}`;
}

type PinoInternals = Record<symbol, unknown>;

/**
 * Writes the "request completed" line that `log.info({ req, res, responseTime }, 'request completed')`
 * would, byte for byte (logger.test.ts compares them), from pino's own pieces — its level prefix,
 * time, the request's bindings, its line end and destination — around a template for the fields. Every
 * request writes this line, and pino's generic path (a serializer lookup and a stringify per nested
 * object, its hooks) cost a few microseconds of each small request's CPU: at a fixed 5,000 static
 * requests/s, 52.8 µs per request with pino's path, 49.5 with this, 37.8 with no line at all.
 * Returns whether it took care of the line (written, or below the logger's level); false, having written
 * nothing, for a logger that is not a plain pino one (a mixin, log formatter, message prefix, write hook
 * or other level numbers would change the line; a multistream needs each line's level): the caller then
 * logs it the generic way.
 */
export function writeRequestCompleted(
  log: object,
  request: LoggedRequest,
  statusCode: number | undefined,
  responseTime: number,
  /** The line's request id, as `log.child({ reqId })` would bind it: no child logger made for one line. */
  reqId?: string,
): boolean {
  const internals = log as PinoInternals;
  const { symbols } = pino;
  const stream = internals[symbols.streamSym] as { write(line: string): unknown } | undefined;
  const levelPrefix = (internals[symbols.lsCacheSym] as Record<number, string> | undefined)?.[30];
  const time = internals[symbols.timeSym];
  const bindings = internals[symbols.chindingsSym];
  const end = internals[symbols.endSym];
  const formatters = internals[symbols.formattersSym] as { log?: unknown } | undefined;
  const hooks = internals[symbols.hooksSym] as { streamWrite?: unknown } | undefined;
  const levels = (log as Partial<pino.Logger>).levels;
  if (
    !stream ||
    (stream as Record<symbol, unknown>)[symbols.needsMetadataGsym] ||
    levels?.values.info !== 30 ||
    // In pino's symbols, though not in its types.
    internals[(symbols as unknown as Record<string, symbol>).msgPrefixSym!] ||
    typeof levelPrefix !== 'string' ||
    typeof time !== 'function' ||
    typeof bindings !== 'string' ||
    typeof end !== 'string' ||
    internals[symbols.mixinSym] ||
    internals[symbols.nestedKeySym] ||
    internals[symbols.messageKeySym] !== 'msg' ||
    formatters?.log ||
    hooks?.streamWrite
  )
    return false;
  if (!(log as pino.Logger).isLevelEnabled('info')) return true;
  const status = statusCode === undefined ? '' : `"statusCode":${statusCode}`;
  const elapsed = Number.isFinite(responseTime) ? responseTime : null;
  stream.write(
    `${levelPrefix}${(time as () => string)()}${bindings}${reqId === undefined ? '' : `,"reqId":${JSON.stringify(reqId)}`}` +
      `,"req":${requestJson(request)},"res":{${status}},` +
      `"responseTime":${elapsed},"msg":"request completed"${end}`,
  );
  return true;
}

/**
 * The most one write of log lines holds: Linux's PIPE_BUF, the size up to which a write to a pipe is
 * never split nor mixed with another process's. With WORKERS=2 every worker writes to the same stdout;
 * in writes of up to 16 KB (sonic-boom's default) lines were cut and interleaved when the pipe's reader
 * was slower than the writers (3,429 of 80,000 lines broken in one test). A single line longer than
 * this still goes out whole, alone in its write.
 */
export const LOG_WRITE_BYTES = 4096;
/**
 * Log lines gather in memory until this many bytes (about a dozen request lines) are waiting, then go
 * out in one write. Handing each line to the file system on its own — a write queued to libuv's
 * thread pool, then its completion back on the event loop — was about a tenth of a proxied request's
 * CPU at saturation (a request logs one line). Below {@link LOG_WRITE_BYTES}, as sonic-boom requires.
 */
export const LOG_BATCH_BYTES = 3584;
/** Lines that have not filled a batch wait at most this long (a quiet gateway still logs promptly). */
export const LOG_FLUSH_MS = 100;
/**
 * At most this many bytes of lines wait for a log reader that does not keep up (a stalled pipe to a
 * log shipper): the lines beyond are dropped and counted, not held in memory until the gateway runs
 * out of it. 16 MB is about a minute of request lines at 1,000 requests/s.
 */
export const LOG_WAITING_BYTES = 16 * 1024 * 1024;

/** The line that says how many lines a stalled reader made the gateway drop (pino's shape, level warn). */
function droppedLinesNotice(count: number): string {
  return `{"level":40,"time":${Date.now()},"pid":${process.pid},"msg":"${count} log lines dropped: the log's reader did not keep up"}\n`;
}

/**
 * A pino destination writing to the file descriptor `fd` without blocking, in writes of
 * {@link LOG_BATCH_BYTES}, or of what has waited {@link LOG_FLUSH_MS}. pino writes what is left when
 * the process exits. The wait is a timer started by the first line after a flush, not sonic-boom's
 * periodicFlush, whose interval writes every 100 ms for as long as the process lives, lines or not.
 *
 * sonic-boom holds the lines as Buffers (its `buffer` content mode): in its text mode each line
 * measures the UTF-8 length of the whole text waiting so far (`Buffer.byteLength` of a string of up to
 * 16 KB, flattened each time), so a line cost more the more lines waited — 3.5–4 µs a line against
 * 1.0–1.6 µs as a Buffer, in batches of 50 a turn to /dev/null. At most `waitingBytes` wait (see
 * {@link LOG_WAITING_BYTES}).
 */
export function batchedDestination(fd: number, waitingBytes = LOG_WAITING_BYTES): pino.DestinationStream {
  const stream = pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    maxWrite: LOG_WRITE_BYTES,
    maxLength: waitingBytes,
    contentMode: 'buffer',
  });
  // Lines dropped since the reader last kept up: said in one line once there is room again.
  let dropped = 0;
  stream.on('drop', () => dropped++);
  let flushing: NodeJS.Timeout | undefined;
  const flush = () => {
    flushing = undefined;
    try {
      stream.flush();
    } catch {
      // Ended (the process is exiting, and pino wrote what was left): nothing waits.
    }
  };
  // In its buffer mode sonic-boom's write takes Buffers (its types say strings); pino writes strings.
  const write = stream.write.bind(stream) as unknown as (data: Buffer) => boolean;
  stream.write = (line: string) => {
    flushing ??= setTimeout(flush, LOG_FLUSH_MS).unref();
    if (dropped > 0) {
      const count = dropped;
      dropped = 0;
      write(Buffer.from(droppedLinesNotice(count)));
      // Still no room: the notice itself was dropped, and the count waits for the next line.
      if (dropped > 0) dropped = count;
    }
    return write(Buffer.from(line));
  };
  return stream;
}

/** The gateway's JSON log lines to stdout, batched (see {@link batchedDestination}). */
export function withAsyncStdout(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options || typeof options !== 'object' || 'transport' in options) return options;
  return { ...options, stream: batchedDestination(1) };
}

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.log.level === 'silent') return false;
  return {
    level: config.log.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? loggableUrl(request.url) : undefined,
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
    },
    ...(config.log.format === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
