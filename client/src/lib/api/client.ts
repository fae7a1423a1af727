import { parseErrorDetail } from '@cloud-compile/shared';
import { ApiError } from './error-message';
import { isNetworkFailure, reportConnection } from '../connection';
import { yieldToMain } from '../yield-to-main';
import { makeOperationCalls, type OperationCalls } from './operation-calls';
import { operationsDocument } from './operations-document';

/** The typed compile-API client: one method per operationId of openapi/openapi.json (generated types). */
export type ApiClient = OperationCalls;

/** Where the client reads its operations from: the same document the gateway routes and validates with. */
export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';

let unauthorizedHandler: () => void = () => {};

/**
 * What a 401 on any call does. The app registers `startLogin(current hash)` here once; this module
 * cannot reach the sign-in SDK itself (shared code does not depend on the app layer).
 */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

interface ErrorWithResponse {
  response: { status: number; data: unknown };
}

function hasResponse(error: unknown): error is ErrorWithResponse {
  if (typeof error !== 'object' || error === null || !('response' in error)) return false;
  const { response } = error as { response: unknown };
  return (
    typeof response === 'object' && response !== null && typeof (response as { status: unknown }).status === 'number'
  );
}

/**
 * The one place every failed call passes through: a 401 restarts sign-in (keeping the hash), and
 * every non-OK answer becomes an ApiError with the readable message of its body. Errors without an
 * answer (network down, aborted) pass through unchanged; one that got no answer at all tells the
 * shell the connection is lost (lib/connection.ts), any answer that the gateway is there.
 */
export function handleFailedCall(error: unknown, onUnauthorized: () => void = unauthorizedHandler): Promise<never> {
  if (!hasResponse(error)) {
    if (isNetworkFailure(error)) reportConnection(false);
    return Promise.reject(error);
  }
  reportConnection(true);
  const { status, data } = error.response;
  if (status === 401) onUnauthorized();
  return Promise.reject(new ApiError(status, parseErrorDetail(data)));
}

let clientPromise: Promise<ApiClient> | undefined;

/**
 * GET /api/openapi.json. A failure says what the gateway said ("The compile API could not be reached"
 * in proxy mode with the upstream down) rather than only its status.
 */
export async function fetchDocument(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(OPENAPI_DOCUMENT_URL, { credentials: 'same-origin' });
  } catch (error) {
    if (isNetworkFailure(error)) reportConnection(false);
    throw error;
  }
  reportConnection(true);
  if (!response.ok) {
    const detail = parseErrorDetail(await response.json().catch(() => undefined));
    throw new ApiError(
      response.status,
      `The API description could not be loaded (${response.status})${detail ? `: ${detail}` : ''}`,
    );
  }
  return response.json();
}

async function createApiClient(): Promise<ApiClient> {
  const document = await fetchDocument();
  // Reading the document and making the calls each in a task of its own, so neither blocks a phone for long.
  await yieldToMain();
  const client = makeOperationCalls(operationsDocument(document), {
    onAnswer: () => reportConnection(true),
    onFailure: (error) => handleFailedCall(error),
  });
  await yieldToMain();
  return client;
}

/** The API client, built once from GET /api/openapi.json on first use. A failed build is retried next time. */
export function getApiClient(): Promise<ApiClient> {
  clientPromise ??= createApiClient().catch((error: unknown) => {
    clientPromise = undefined;
    throw error;
  });
  return clientPromise;
}
