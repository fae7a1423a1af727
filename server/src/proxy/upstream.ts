import fs from 'node:fs';
import tls from 'node:tls';
import { Pool } from 'undici';

/** Longest an idle upstream connection is kept for reuse. */
export const IDLE_UPSTREAM_CONNECTION_MS = 10_000;

export interface UpstreamPoolOptions {
  connections: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** PEM of a private CA, trusted besides Node's public roots (UPSTREAM_CA_FILE). */
  caFile?: string;
}

/**
 * The connection pool to one upstream. Certificates are always verified (never
 * rejectUnauthorized: false). As many connections as the gateway accepts clients (MAX_CONNECTIONS):
 * each client connection has at most one request in flight, so however many long streams are open,
 * another request never waits for a free upstream connection.
 */
export function upstreamPool(upstream: string, options: UpstreamPoolOptions): Pool {
  const ca = options.caFile ? [...tls.rootCertificates, fs.readFileSync(options.caFile, 'utf8')] : undefined;
  return new Pool(new URL(upstream).origin, {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    // Idle connections close after at most 10 s whatever keep-alive the upstream offers, so a burst's
    // connections (up to MAX_CONNECTIONS) do not hold memory and sockets long after it.
    keepAliveMaxTimeout: IDLE_UPSTREAM_CONNECTION_MS,
    connect: { rejectUnauthorized: true, timeout: Math.min(options.headersTimeoutMs, 10_000), ...(ca ? { ca } : {}) },
  });
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

/** OpenSSL's verification failures as Node reports them (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, …). */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|HOSTNAME_MISMATCH/;

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * Maps a failed upstream call to the gateway's answer: 504 when it was too slow, 502 otherwise, with
 * a detail that says which upstream and, for a certificate, what to do about it.
 */
export function upstreamFailure(
  error: unknown,
  upstreamName: string,
  timeoutMs: number,
): { status: 502 | 504; detail: string } {
  const codes = codesOf(error);
  if (codes.some((code) => TIMEOUT_CODES.has(code)) || (error as { statusCode?: number }).statusCode === 504) {
    return { status: 504, detail: `The ${upstreamName} did not answer within ${timeoutMs} ms` };
  }
  const certificate = codes.find((code) => CERTIFICATE_CODE.test(code));
  if (certificate) {
    return {
      status: 502,
      detail: `The ${upstreamName}'s TLS certificate could not be verified (${certificate}); for a private CA set UPSTREAM_CA_FILE`,
    };
  }
  return { status: 502, detail: `The ${upstreamName} could not be reached` };
}
