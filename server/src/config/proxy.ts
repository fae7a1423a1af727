import { z } from 'zod';
import type { listenVariables } from './listen.js';
import { httpUrl, intFromEnv, pemFile, type ParsedVariables } from './values.js';

/** Proxy mode: the upstreams, how long they may take, and the contract check on the way through. */
export const proxyVariables = {
  API_UPSTREAM: httpUrl.optional(),
  AUTH_UPSTREAM: httpUrl.optional(),
  PROXY_TIMEOUT_MS: intFromEnv(1, 600_000).default(30_000),
  PROXY_BODY_TIMEOUT_MS: intFromEnv(0, 3_600_000).default(300_000),
  UPSTREAM_CA_FILE: pemFile.optional(),
  VALIDATE: z.enum(['off', 'report', 'strict']).default('off'),
  VALIDATION_REPORT_FILE: z.string().min(1).optional(),
  // `missing`: documented operations the compile API does not implement are answered by the mock (proxy/fallback/).
  MOCK_FALLBACK: z.enum(['off', 'missing']).default('off'),
};

type ProxyInput = ParsedVariables<typeof proxyVariables> &
  Pick<ParsedVariables<typeof listenVariables>, 'MAX_CONNECTIONS'>;

export function proxySettings(e: ProxyInput) {
  return {
    apiUpstream: e.API_UPSTREAM,
    authUpstream: e.AUTH_UPSTREAM,
    timeoutMs: e.PROXY_TIMEOUT_MS,
    bodyTimeoutMs: e.PROXY_BODY_TIMEOUT_MS,
    validate: e.VALIDATE,
    validationReportFile: e.VALIDATION_REPORT_FILE,
    /** PEM of a private CA the upstreams' certificates may chain to, besides Node's public roots. */
    caFile: e.UPSTREAM_CA_FILE,
    /** Connections per upstream pool: MAX_CONNECTIONS, so no client request ever waits for a free one. */
    connectionsPerUpstream: e.MAX_CONNECTIONS,
    /** MOCK_FALLBACK: `missing` answers the contract's operations the compile API lacks from the mock. */
    mockFallback: e.MOCK_FALLBACK,
  };
}
