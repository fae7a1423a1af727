import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { expect } from 'vitest';
import { CONTRACT_FILE } from '../../src/config.js';

/** The contract, loaded the way a client would, to validate every response the mock sends. */
let contract: OpenAPIBackend | undefined;
async function loadChecker(): Promise<OpenAPIBackend> {
  if (!contract) {
    contract = new OpenAPIBackend({
      definition: CONTRACT_FILE,
      strict: true,
      // Response validators compile per operation on first use (all at once takes seconds).
      quick: true,
      ajvOpts: { allErrors: true, strict: false },
      customizeAjv: (ajv) => addFormats(ajv),
    });
    await contract.init();
  }
  return contract;
}

/** Operations the tests called, to check every one was exercised. */
export const exercised = new Set<string>();

/**
 * Checks a response against the contract: its status is one the operation declares, a JSON body
 * matches that status's schema, and other bodies have one of the declared content types.
 */
export async function expectMatchesContract(
  method: string,
  url: string,
  response: LightMyRequestResponse,
): Promise<void> {
  const checker = await loadChecker();
  const operation = checker.router.matchOperation({ method, path: url.split('?')[0]!, headers: {} });
  if (!operation) return; // not a contract path (404s are checked by the tests themselves)
  exercised.add(operation.operationId!);
  const declared = Object.keys(operation.responses ?? {});
  expect(declared, `${operation.operationId} declares status ${response.statusCode}`).toContain(
    String(response.statusCode),
  );
  if (response.statusCode === 204) {
    expect(response.body).toBe('');
    return;
  }
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!;
  const content =
    (operation.responses![String(response.statusCode)] as { content?: Record<string, unknown> }).content ?? {};
  expect(Object.keys(content), `${operation.operationId} ${response.statusCode} content type`).toContain(contentType);
  if (contentType === 'application/json') {
    const result = checker.validator.validateResponse(response.json(), operation, response.statusCode);
    expect(
      result.errors ?? [],
      `${operation.operationId} ${response.statusCode} body: ${response.body.slice(0, 300)}`,
    ).toEqual([]);
  }
}

export interface ApiCaller {
  (
    method: string,
    url: string,
    options?: { body?: unknown; text?: string; headers?: Record<string, string>; contentType?: string },
  ): Promise<LightMyRequestResponse>;
}

/** A caller bound to one set of credentials; every response is checked against the contract. */
export function caller(app: FastifyInstance, credentials: Record<string, string> = {}): ApiCaller {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...credentials, ...options.headers };
    const request: InjectOptions = { method: method as InjectOptions['method'], url, headers };
    if (options.body !== undefined) {
      request.payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.text !== undefined) {
      request.payload = options.text;
      headers['content-type'] = options.contentType ?? 'text/plain';
    }
    const response = await app.inject(request);
    await expectMatchesContract(method, url, response);
    return response;
  };
}
