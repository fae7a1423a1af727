import type { AxiosError } from 'axios';
import { retryDelayMs } from '@cloud-compile/shared';
import { isIdempotentRequestError, isNetworkError } from 'axios-retry';

/** Methods that do the same thing however often they are sent. */
const IDEMPOTENT = new Set(['get', 'head', 'options', 'put', 'delete']);

/**
 * Whether a failed call is worth sending again. A lost connection or a 429/5xx is retried for
 * idempotent methods; a POST (create a file, queue a build) only when the connection was refused,
 * so the server never saw it: retrying a POST it may have done would queue a second build.
 */
export function shouldRetry(error: AxiosError): boolean {
  const method = error.config?.method?.toLowerCase() ?? '';
  if (isNetworkError(error)) return IDEMPOTENT.has(method) || error.code === 'ECONNREFUSED';
  return isIdempotentRequestError(error);
}

/** The pause before retry number `retry` (1-based): 0.5 s, 1 s, 2 s, 4 s … with up to 20 % jitter, at most 15 s. */
export function backoffMs(retry: number, baseMs = 500, random: () => number = Math.random): number {
  return retryDelayMs(retry - 1, { baseMs, maxMs: 15_000, jitter: 0.2 }, random);
}
