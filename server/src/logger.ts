import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';

/** Paths pino blanks out: credentials must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.log.level === 'silent') return false;
  return {
    level: config.log.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(config.log.format === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
