/**
 * The API's operations as methods, made from the operations of the served OpenAPI document (spec §7:
 * "the API description, from which all operations below are built"): one method per operationId,
 * called as `method(parameters, body, options)` and answering `{ status, data }`. A small fetch client
 * of our own: openapi-client-axios brought axios and a YAML parser (119 KB, a third of what the first
 * page ran) for the part of them used here — fill the path, add the query, send a JSON or text body.
 */
import type { OperationMethods } from '@cloud-compile/shared/api-types';
import { METHODS, type OperationCall, type OperationsDocument, type ParameterPlace } from './operations-document';

/** What a call may add: headers, a signal that aborts it, and upload progress (a fraction, 0..1). */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
}

export interface CallAnswer<T> {
  status: number;
  data: T;
}

type Answered<M> = M extends (...args: never[]) => Promise<{ data: infer T }> ? T : never;
type ParametersOf<M> = M extends (parameters: infer P, ...rest: never[]) => unknown ? P : never;
type BodyOf<M> = M extends (parameters: never, data?: infer D, ...rest: never[]) => unknown ? D : never;
type Call<M> =
  undefined extends ParametersOf<M>
    ? (parameters?: ParametersOf<M>, data?: BodyOf<M>, options?: CallOptions) => Promise<CallAnswer<Answered<M>>>
    : (parameters: ParametersOf<M>, data?: BodyOf<M>, options?: CallOptions) => Promise<CallAnswer<Answered<M>>>;

/** One typed method per operation of openapi/openapi.json (the generated types' operations). */
export type OperationCalls = { [Name in keyof OperationMethods]: Call<OperationMethods[Name]> };

/** The API answered with a status outside 200–299: its status and its body (parsed JSON, else text). */
export class AnsweredError extends Error {
  constructor(readonly response: CallAnswer<unknown>) {
    super(`Request failed with status code ${response.status}`);
    this.name = 'AnsweredError';
  }
}

/** The call got no answer at all: the gateway is unreachable (not an abort, which is an AbortError). */
export class NoAnswerError extends Error {
  constructor(cause?: unknown) {
    super('Network Error', { cause });
    this.name = 'NoAnswerError';
  }
}

/** A planned request: method, URL (path filled, query added) and body. Exported for its tests. */
export interface PlannedRequest {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
}

type ParameterValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

interface Operation {
  method: string;
  path: string;
  parameters: ParameterPlace[];
  server: string;
}

const serverUrl = (servers: unknown): string | undefined => {
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  const url = typeof first === 'object' && first !== null ? (first as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : undefined;
};

/** Each operation by its id: method, path, its parameters (the path's and its own) and its server. */
export function operationsById(document: OperationsDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = (Array.isArray(item.parameters) ? item.parameters : []) as ParameterPlace[];
    for (const method of METHODS) {
      const operation = item[method] as OperationCall | undefined;
      if (!operation?.operationId) continue;
      const own = operation.parameters ?? [];
      operations.set(operation.operationId, {
        method: method.toUpperCase(),
        path,
        // An operation's own parameter overrides the path's of the same name and place (OpenAPI 3).
        parameters: [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own],
        server: serverUrl(operation.servers) ?? serverUrl(item.servers) ?? serverUrl(document.servers) ?? '',
      });
    }
  }
  return operations;
}

/**
 * The request for one call. Parameters go where the document places them (path or query; one it does
 * not declare goes to the query, as openapi-client-axios did); a list repeats its name in the query.
 * A string body is sent as it is, anything else as JSON. Throws when a path parameter is missing.
 */
export function planRequest(
  operationId: string,
  operation: Operation,
  parameters: Record<string, ParameterValue> | null | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): PlannedRequest {
  const query = new URLSearchParams();
  let path = operation.path;
  for (const [name, value] of Object.entries(parameters ?? {})) {
    if (value === undefined) continue;
    const place = operation.parameters.find((parameter) => parameter.name === name)?.in ?? 'query';
    if (place === 'path') path = path.replaceAll(`{${name}}`, encodeURIComponent(String(value)));
    else if (place === 'query')
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const unfilled = /\{([^}]+)\}/.exec(path);
  if (unfilled) throw new Error(`${operationId}: the path parameter ${unfilled[1]} is missing`);
  const search = query.toString() ? `?${query.toString()}` : '';
  const url = `${operation.server.replace(/\/+$/, '')}${path}${search}`;
  if (body === undefined || body === null) return { method: operation.method, url, headers };
  if (typeof body === 'string')
    return { method: operation.method, url, body, headers: { 'Content-Type': 'text/plain', ...headers } };
  return {
    method: operation.method,
    url,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  };
}

/** An answer's body: JSON when it parses (every answer of this API is JSON), else its text. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const abortError = () => new DOMException('The call was aborted', 'AbortError');

async function sendWithFetch(request: PlannedRequest, signal?: AbortSignal): Promise<CallAnswer<unknown>> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    throw signal?.aborted ? abortError() : new NoAnswerError(error);
  }
  return { status: response.status, data: parseBody(await response.text()) };
}

/** XMLHttpRequest, for a call that reports upload progress (fetch has no upload events). */
function sendWithProgress(
  request: PlannedRequest,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CallAnswer<unknown>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : 1);
    xhr.onload = () => resolve({ status: xhr.status, data: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new NoAnswerError());
    xhr.onabort = () => reject(abortError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body ?? null);
  });
}

/**
 * The methods for `document`'s operations. An answer outside 200–299 rejects with an AnsweredError, no
 * answer with a NoAnswerError; `onFailure` sees every rejection first (the app's 401 and error handling).
 */
export function makeOperationCalls(
  document: OperationsDocument,
  hooks: { onAnswer?: () => void; onFailure?: (error: unknown) => Promise<never> } = {},
): OperationCalls {
  const calls: Record<string, unknown> = {};
  for (const [operationId, operation] of operationsById(document)) {
    calls[operationId] = async (
      parameters?: Record<string, ParameterValue> | null,
      body?: unknown,
      options: CallOptions = {},
    ) => {
      try {
        const request = planRequest(operationId, operation, parameters, body, options.headers);
        const answer = options.onUploadProgress
          ? await sendWithProgress(request, options.onUploadProgress, options.signal)
          : await sendWithFetch(request, options.signal);
        if (answer.status < 200 || answer.status > 299) throw new AnsweredError(answer);
        hooks.onAnswer?.();
        return answer;
      } catch (error) {
        if (hooks.onFailure) return hooks.onFailure(error);
        throw error;
      }
    };
  }
  return calls as OperationCalls;
}
