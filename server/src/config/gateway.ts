import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths.js';
import { intFromEnv, type ParsedVariables } from './values.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether only this machine can reach HOST (anything else: a LAN, a container's published port, the internet). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\./.test(host);
}

/** The process as a whole: where it listens, which mode, its logs, its workers (both modes). */
export const gatewayVariables = {
  PORT: intFromEnv(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  MODE: z.enum(['mock', 'proxy']).default('mock'),
  // Both modes: enables the admin API (plugins/admin.ts).
  ADMIN_TOKEN: z.string().min(16).optional(),
  STATIC_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'client/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SHUTDOWN_GRACE_MS: intFromEnv(0, 600_000).default(10_000),
  // Processes serving the one port (a Node cluster); `auto`: one per core.
  WORKERS: z
    .union([z.literal('auto'), intFromEnv(1, 64)], { error: 'must be auto or a whole number from 1 to 64' })
    .default(1),
};

export function gatewaySettings(e: ParsedVariables<typeof gatewayVariables>) {
  const logFormat: 'json' | 'pretty' = e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json');
  return {
    port: e.PORT,
    host: e.HOST,
    mode: e.MODE,
    /** ADMIN_TOKEN: the admin API's bearer token (mock controls, proxy contract report); unset, it does not exist. */
    adminToken: e.ADMIN_TOKEN,
    staticDir: path.resolve(e.STATIC_DIR),
    log: { level: e.LOG_LEVEL, format: logFormat },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** Processes serving the port: 1 is the gateway alone; more run it as a Node cluster (proxy mode only). */
    workers: e.WORKERS === 'auto' ? os.availableParallelism() : e.WORKERS,
  };
}
