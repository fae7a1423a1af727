import { parseErrorDetail } from '@cloud-compile/shared';
import { CliError, EXIT } from '../errors.js';
import { operationSummary, requiredScopes } from './document.js';

/** What a failed call left us: the answer's status and body, or the network error's code. */
export interface Failure {
  status?: number;
  body?: unknown;
  /** ECONNREFUSED, ECONNRESET, ETIMEDOUT, … when no answer came. */
  code?: string;
  /** Where a redirect pointed. */
  location?: string;
  message: string;
}

export interface FailureContext {
  operationId: string;
  baseUrl: string;
  /** How many times the call was tried (1 + retries). */
  attempts: number;
}

/** Reads a failure from an axios error (or anything thrown), keeping nothing of its request (headers hold the key). */
export function failureOf(error: unknown): Failure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    response?: { status?: unknown; data?: unknown; headers?: Record<string, unknown> };
    code?: unknown;
    message?: unknown;
  };
  const failure: Failure = { message: typeof e.message === 'string' ? e.message : String(error) };
  if (e.response && typeof e.response.status === 'number') {
    failure.status = e.response.status;
    failure.body = e.response.data;
    const location = e.response.headers?.location;
    if (typeof location === 'string') failure.location = location;
  }
  if (typeof e.code === 'string') failure.code = e.code;
  return failure;
}

/** A refusal the API answered (4xx/5xx), with its status, so a command can word a 404 for what the user asked for. */
export class ApiError extends CliError {
  constructor(
    message: string,
    exitCode: CliError['exitCode'],
    readonly status: number,
  ) {
    super(message, exitCode);
    this.name = 'ApiError';
  }
}

/** “Queue a build of the project with its configuration” (the contract's summary), else a plain description. */
const what = (operationId: string) => {
  const summary = operationSummary(operationId);
  return summary ? `“${summary}”` : 'this call';
};

const scopeList = (scopes: string[]) =>
  scopes.length <= 1 ? (scopes[0] ?? 'another scope') : `${scopes[0]} (or ${scopes.slice(1).join(', or ')})`;

/**
 * The one line a failed call is reported with, and its exit code: 401 means a wrong or revoked key,
 * 403 names the scope the operation needs (from the contract), no answer at all names the server and
 * how often it was tried, anything else shows the API's own message.
 */
export function describeFailure(failure: Failure, context: FailureContext): CliError {
  const { status } = failure;
  const detail = parseErrorDetail(failure.body);
  if (status === undefined) {
    const reason = failure.code ?? failure.message;
    const tries = context.attempts === 1 ? 'once' : `${context.attempts} times`;
    return new CliError(`cannot reach ${context.baseUrl} (${reason}; tried ${tries})`, EXIT.network);
  }
  if (status >= 300 && status < 400) {
    // Redirects are not followed: they would carry the key to wherever they point.
    const where = failure.location ? ` to ${failure.location}` : '';
    return new CliError(
      `${context.baseUrl} answered with a redirect (${status})${where}; give the address the API is at as --base-url`,
      EXIT.usage,
    );
  }
  if (status === 401) {
    return new ApiError(
      'the API key was refused (401): it is wrong or has been revoked. Create a new one under Preferences › API keys',
      EXIT.auth,
      status,
    );
  }
  if (status === 403) {
    const scopes = requiredScopes(context.operationId);
    if (scopes.length) {
      return new ApiError(
        `the API key lacks the scope ${scopeList(scopes)}, needed to ${what(context.operationId)} (403). Create a key with it under Preferences › API keys`,
        EXIT.auth,
        status,
      );
    }
    return new ApiError(`not allowed (403): ${detail ?? 'the API refused this call'}`, EXIT.auth, status);
  }
  // The API's own words; the operation only when it gave none (in the contract's words, not its operationId).
  const reason = detail ?? `the API gave no reason for refusing ${what(context.operationId)}`;
  return new ApiError(`${reason} (${status})`, EXIT.failed, status);
}
