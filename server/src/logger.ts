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

/**
 * The gateway's JSON log lines to stdout without blocking: lines that arrive while a write is under
 * way go out together in the next one (at info, two lines per request made a system call each).
 * pino writes what is left when the process exits.
 */
export function withAsyncStdout(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options || typeof options !== 'object' || 'transport' in options) return options;
  return { ...options, stream: pino.destination({ dest: 1, sync: false }) };
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
