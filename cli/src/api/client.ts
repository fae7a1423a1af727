import axiosRetry from 'axios-retry';
import { OpenAPIClientAxios, type UnknownOperationMethod } from 'openapi-client-axios';
import type { Client } from '@cloud-compile/shared/api-types';
import { DOCUMENT } from './document.js';
import { describeFailure, failureOf } from './failures.js';
import { backoffMs, shouldRetry } from './retry.js';

export type Api = Client;

export interface ApiOptions {
  baseUrl: string;
  apiKey: string;
  /** Retries after a network failure (or a 5xx of an idempotent call). */
  retries: number;
  /** Called before each retry, to tell the user what is going on. */
  onRetry?: (retry: number, reason: string) => void;
  /** Per request: no answer (headers) within this is a network failure. */
  timeoutMs?: number;
}

const RETRY_STATE = 'axios-retry';

/**
 * The compile API as typed methods, one per operationId of openapi/openapi.json (the same document and
 * generated types the web app uses). Every call sends the key as `Authorization: Bearer`, retries
 * network failures with backoff, and fails with a CliError carrying one readable line.
 */
export function createApi(options: ApiOptions): Api {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = new OpenAPIClientAxios({
    definition: DOCUMENT,
    axiosConfigDefaults: {
      baseURL: baseUrl,
      headers: { Authorization: `Bearer ${options.apiKey}`, 'User-Agent': 'cloud-compile-cli' },
      timeout: options.timeoutMs ?? 60_000,
      // Redirects would carry the key to wherever they point.
      maxRedirects: 0,
    },
    transformOperationMethod:
      (method: UnknownOperationMethod, operation) =>
      (...args) =>
        method(...args).catch((error: unknown) => {
          const state = (error as { config?: Record<string, { retryCount?: number } | undefined> }).config?.[
            RETRY_STATE
          ];
          throw describeFailure(failureOf(error), {
            operationId: operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`,
            baseUrl,
            attempts: 1 + (state?.retryCount ?? 0),
          });
        }),
  });
  const client = api.initSync<Api>();
  axiosRetry(client, {
    retries: options.retries,
    retryCondition: shouldRetry,
    retryDelay: (retry) => backoffMs(retry),
    shouldResetTimeout: true,
    onRetry: (retry, error) =>
      options.onRetry?.(retry, error.response ? `HTTP ${error.response.status}` : (error.code ?? error.message)),
  });
  return client;
}
