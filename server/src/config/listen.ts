import net from 'node:net';
import { z } from 'zod';
import { type gatewayVariables, isLoopbackHost } from './gateway.js';
import { intFromEnv, type ParsedVariables } from './values.js';

/** An address or CIDR range (Fastify's trustProxy takes these via proxy-addr). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (the gateway is the edge), a hop count, or the proxies' addresses. Never "trust
 * everyone": a client could then choose the address it is logged and rate-limited under.
 */
const trustProxy = z
  .string()
  .refine(
    (value) =>
      /^(off|false|0)$/.test(value) ||
      /^[1-9]\d{0,1}$/.test(value) ||
      value.split(',').every((entry) => isAddressOrRange(entry.trim())),
    'must be off, a hop count from 1 to 99, or a comma-separated list of addresses/CIDR ranges',
  )
  .transform((value): false | number | string[] => {
    if (/^(off|false|0)$/.test(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  });

/**
 * An address's share of connections at the edge: a browser opens up to 6 per origin, so this leaves
 * room for dozens of people behind one NAT, and one machine can hold a sixteenth of MAX_CONNECTIONS.
 */
const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/** Defaults cross-checks.ts also reads when the variables are unset. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;

/** The HTTP server facing clients (both modes). */
export const listenVariables = {
  TRUST_PROXY: trustProxy.default(false),
  REQUEST_TIMEOUT_MS: intFromEnv(1000, 3_600_000).default(DEFAULT_REQUEST_TIMEOUT_MS),
  HEADERS_TIMEOUT_MS: intFromEnv(500, 600_000).default(DEFAULT_HEADERS_TIMEOUT_MS),
  KEEP_ALIVE_TIMEOUT_MS: intFromEnv(100, 600_000).default(65_000),
  MAX_CONNECTIONS: intFromEnv(16, 1_000_000).default(4096),
  MAX_CONNECTIONS_PER_ADDRESS: intFromEnv(0, 1_000_000).optional(),
  LISTEN_DESCRIPTORS: intFromEnv(1, 1024).default(64),
  BODY_LIMIT_BYTES: intFromEnv(1024, 1024 ** 3).optional(),
};

type ListenInput = ParsedVariables<typeof listenVariables> &
  Pick<ParsedVariables<typeof gatewayVariables>, 'HOST' | 'MODE'>;

/**
 * Only where clients connect straight to the gateway: behind a proxy (TRUST_PROXY) every connection
 * comes from the proxy, and on a loopback HOST only this machine connects.
 */
function connectionsPerAddress(e: ListenInput): number {
  if (e.MAX_CONNECTIONS_PER_ADDRESS !== undefined) return e.MAX_CONNECTIONS_PER_ADDRESS;
  return e.TRUST_PROXY === false && !isLoopbackHost(e.HOST) ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : 0;
}

/** The HTTP server facing clients. */
export function httpSettings(e: ListenInput) {
  return {
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    /** Open connections one client address may hold (an IPv6 /64 is one); 0: no cap. */
    maxConnectionsPerAddress: connectionsPerAddress(e),
    /** Descriptors for the listening socket: Node accepts one connection per descriptor per event-loop turn. */
    listenDescriptors: e.LISTEN_DESCRIPTORS,
    // The mock reads bodies whole (the contract's largest is a 5 MiB file); the proxy streams them.
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? (e.MODE === 'mock' ? 8 * 1024 ** 2 : 50 * 1024 ** 2),
  };
}
