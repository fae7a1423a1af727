import type { Coverage } from './coverage.js';
import type { ContractDocument } from './document.js';
import { type ContractValidator, isJsonMediaType, mediaTypeOf, type BodySample, type Violation } from './validator.js';

/** Response bodies the scenario reads whole; artifacts beyond this are judged by their head. */
const READ_CAP_BYTES = 8 * 1024 * 1024;

export interface ScenarioOptions {
  /** Origin of the API (the gateway or the compile API itself), e.g. https://compile.example.com */
  baseUrl: string;
  /** An API key, sent as Authorization: Bearer <key>. */
  apiKey?: string;
  /** A Cookie header with a signed-in session (app.at=…), for the operations keys cannot use. */
  cookie?: string;
  document?: ContractDocument;
  /**
   * Longest one step may take, its answer's body included (default {@link STEP_TIMEOUT_MS}): a server
   * that stops answering mid-way fails that step, rather than hanging the CI job that runs the check.
   */
  timeoutMs?: number;
}

export const STEP_TIMEOUT_MS = 30_000;

export type StepOutcome = 'pass' | 'fail' | 'skip';

export interface StepResult {
  step: string;
  operation: string;
  method: string;
  path: string;
  expected: number[];
  status?: number;
  outcome: StepOutcome;
  /** Why it failed or was skipped. */
  note?: string;
  violations: Violation[];
}

export interface ScenarioResult {
  steps: StepResult[];
  violations: Violation[];
  failed: number;
  coverage: Coverage;
  document: ContractDocument;
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Send no credentials at all, or a made-up key. */
  auth?: 'default' | 'none' | 'bogus-key';
  expect: number[];
}

export interface CallResult {
  status: number;
  body: unknown;
  step: StepResult;
}

/** Marks a step failed for a reason of the scenario's own (a wrong value, not a schema error). */
export function failStep(result: CallResult | undefined, note: string): void {
  if (!result) return;
  result.step.outcome = 'fail';
  result.step.note = note;
}

export type Call = ScenarioSession['call'];
export type Skip = ScenarioSession['skip'];

/** What every step uses: one call (recorded as a step), a skipped step, and the checks of an answer. */
export interface ScenarioSession {
  readonly document: ContractDocument;
  readonly steps: StepResult[];
  call(step: string, operationId: string, options: CallOptions): Promise<CallResult | undefined>;
  skip(step: string, operationId: string, note: string): void;
  /** A 422 must carry a non-empty detail list (FastAPI's shape). */
  expectDetailList(result: CallResult | undefined): void;
}

export function openSession(
  options: ScenarioOptions,
  document: ContractDocument,
  validator: ContractValidator,
  coverage: Coverage,
): ScenarioSession {
  const steps: StepResult[] = [];
  const base = options.baseUrl.replace(/\/$/, '');

  const credentials = (auth: CallOptions['auth']): Record<string, string> => {
    if (auth === 'none') return {};
    if (auth === 'bogus-key') return { authorization: 'Bearer contract-check-not-a-key' };
    const headers: Record<string, string> = {};
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    if (options.cookie) headers.cookie = options.cookie;
    return headers;
  };

  /** One call: expected statuses are the scenario's; the contract check is the document's. */
  const call = async (step: string, operationId: string, call: CallOptions): Promise<CallResult | undefined> => {
    const operation = document.operation(operationId);
    if (!operation) throw new Error(`the document has no operation ${operationId}`);
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(call.params?.[name] ?? ''),
    );
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...credentials(call.auth) };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.text !== undefined) {
      headers['content-type'] = 'text/plain; charset=utf-8';
      body = call.text;
    }
    const result: StepResult = {
      step,
      operation: operationId,
      method: operation.method,
      path,
      expected: call.expect,
      outcome: 'pass',
      violations: [],
    };
    steps.push(result);
    const timeoutMs = options.timeoutMs ?? STEP_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (error: unknown, what: string) => {
      result.outcome = 'fail';
      result.note = signal.aborted
        ? `${what} took longer than ${timeoutMs} ms`
        : `${what} failed: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      return undefined;
    };
    let response: Response;
    try {
      response = await fetch(url, { method: operation.method, headers, body, redirect: 'manual', signal });
    } catch (error) {
      return failed(error, 'request');
    }
    result.status = response.status;
    coverage.record(operationId, response.status);
    const contentType = response.headers.get('content-type') ?? undefined;
    let sample: BodySample;
    try {
      sample = await readSample(response);
    } catch (error) {
      return failed(error, 'reading the answer');
    }
    result.violations = validator.checkResponse(operation, operation.method, path, {
      status: response.status,
      contentType,
      body: sample,
    });
    if (!call.expect.includes(response.status)) {
      result.outcome = 'fail';
      result.note = `expected ${call.expect.join(' or ')}, got ${response.status}`;
    } else if (result.violations.length > 0) {
      result.outcome = 'fail';
    }
    return { status: response.status, body: parsedBody(sample, contentType), step: result };
  };

  const skip = (step: string, operationId: string, note: string) => {
    const operation = document.operation(operationId)!;
    steps.push({
      step,
      operation: operationId,
      method: operation.method,
      path: operation.path,
      expected: [],
      outcome: 'skip',
      note,
      violations: [],
    });
  };
  const expectDetailList = (result: CallResult | undefined) => {
    const detail = (result?.body as { detail?: unknown } | undefined)?.detail;
    if (result?.status === 422 && (!Array.isArray(detail) || detail.length === 0))
      failStep(result, 'a 422 must carry a non-empty detail list');
  };
  return { document, steps, call, skip, expectDetailList };
}

/** JSON parsed, text as text; a partial or absent body (or JSON that does not parse) is undefined. */
function parsedBody(sample: BodySample, contentType: string | undefined): unknown {
  if (sample.kind !== 'complete') return undefined;
  if (!isJsonMediaType(mediaTypeOf(contentType))) return sample.bytes.toString('utf8');
  try {
    return JSON.parse(sample.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Reads a body up to the cap; beyond it the rest is left unread (big artifacts: judged by their head). */
async function readSample(response: Response): Promise<BodySample> {
  if (!response.body) return { kind: 'absent' };
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    // Leaving the loop cancels the stream: an endless body is not read to its end.
    if (bytes > READ_CAP_BYTES) return { kind: 'partial' };
    chunks.push(chunk);
  }
  return { kind: 'complete', bytes: Buffer.concat(chunks) };
}
