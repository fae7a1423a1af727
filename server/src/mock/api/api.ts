import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import addFormats from 'ajv-formats';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OpenAPIBackend, type Document, type Operation, type Request as ApiRequest } from 'openapi-backend';
import { CONTRACT_FILE } from '../../config.js';
import { appOrigins, refuseForgedRequests } from '../../plugins/forged-requests.js';
import type { MockControls } from '../admin/controls.js';
import { ApiError, ApiValidationError, sendError, sendValidationError, type ValidationIssue } from '../../errors.js';
import type { SandboxRegistry } from '../store/registry.js';
import { apiKeyHandlers } from './api-keys.js';
import { authenticate, isWrite, type Caller } from './auth.js';
import { clientKey } from '../../client-address.js';
import { buildHandlers } from './builds.js';
import { exampleHandlers } from './examples.js';
import { fileHandlers } from './files.js';
import { identityHandlers } from './identity.js';
import { blankNumberIssues } from './parameter-issues.js';
import { declaredOnly, jsonBodySchema } from './declared-only.js';
import { PathMemo } from './path-memo.js';
import { projectHandlers } from './projects.js';
import { simulationHandlers } from './simulations.js';
import type { SimulationService } from '../simulations/simulation-service.js';
import type { QuotaGuard } from './quotas.js';
import type { HandlerContext, HandlerResult, Handlers } from './types.js';
import { toIssues } from './validation-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract operation this request matched (null outside the API or when nothing matched). */
    operationId: string | null;
    /** The caller, when it was authenticated before the body was read (see {@link hasBody}). */
    earlyCaller: Caller | null;
  }
}

/** Slack over MOCK_MAX_FILE_BYTES for the largest body the mock accepts (a file, or JSON that small). */
export const BODY_LIMIT_SLACK_BYTES = 64 * 1024;

/**
 * What the mock API reads of a body at most: a file of MOCK_MAX_FILE_BYTES plus slack (every JSON
 * body is far smaller), never more than BODY_LIMIT_BYTES. A file just over the quota still reads
 * whole and gets the quota's clear 422; a body no request could need is a 413 before it is read.
 */
export const mockApiBodyLimit = (fileBytes: number, gatewayLimit: number) =>
  Math.min(gatewayLimit, fileBytes + BODY_LIMIT_SLACK_BYTES);

/** Whether a request says a body follows: only then must its caller be known before it is read. */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export type Contract = Awaited<ReturnType<typeof loadContract>>;

export interface MockApiOptions {
  registry: SandboxRegistry;
  controls: MockControls;
  contract: Contract;
  /** The public demo's per-sandbox limits, checked before a handler writes. */
  quotas: QuotaGuard;
  simulations: SimulationService;
}

const HANDLERS: Handlers = {
  ...projectHandlers,
  ...fileHandlers,
  ...buildHandlers,
  ...exampleHandlers,
  ...apiKeyHandlers,
  ...identityHandlers,
  ...simulationHandlers,
};

/** Loads the contract and checks every operation has a handler (and every handler an operation). */
export async function loadContract(file = CONTRACT_FILE) {
  const document = JSON.parse(await readFile(file, 'utf8')) as Document;
  const api = new OpenAPIBackend({
    definition: structuredClone(document),
    strict: true,
    // Validators compile per operation on first use: compiling all of them up front takes seconds.
    quick: true,
    coerceTypes: true,
    // FastAPI reports every problem of a request, not just the first.
    ajvOpts: { allErrors: true, strict: false },
    customizeAjv: (ajv) => addFormats(ajv),
  });
  await api.init();
  const ids = api.getOperations().map((o) => o.operationId!);
  const missing = ids.filter((id) => !HANDLERS[id]);
  const extra = Object.keys(HANDLERS).filter((id) => !ids.includes(id));
  if (missing.length || extra.length) {
    throw new Error(
      `Mock API and ${file} disagree: no handler for [${missing.join(', ')}], no operation for [${extra.join(', ')}]`,
    );
  }
  return { document, api };
}

/** The media type of a request, without parameters. */
const mediaType = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * Parses the body the way FastAPI would see it: JSON when the request says so (malformed JSON is
 * a 422 from validation, not a 400), text as a string, nothing as undefined.
 */
function parsedBody(request: FastifyRequest): { body: unknown; issues: ValidationIssue[] } {
  const raw = request.body;
  if (typeof raw !== 'string' || raw === '') return { body: undefined, issues: [] };
  if (mediaType(request) !== 'application/json') return { body: raw, issues: [] };
  try {
    return { body: JSON.parse(raw) as unknown, issues: [] };
  } catch (error) {
    return {
      body: undefined,
      issues: [{ loc: ['body'], msg: `JSON decode error: ${(error as Error).message}`, type: 'json_invalid' }],
    };
  }
}

/**
 * 415 when a body comes in a media type the operation does not take (its requestBody's content
 * types in the contract), e.g. JSON sent as text/plain. A body sent to an operation that takes none
 * is ignored, as FastAPI does.
 */
export function unsupportedBodyType(operation: Operation, request: FastifyRequest): ApiError | null {
  if (typeof request.body !== 'string' || request.body === '') return null;
  const accepted = Object.keys(
    (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {},
  );
  if (accepted.length === 0) return null;
  const type = mediaType(request);
  if (accepted.includes(type)) return null;
  return new ApiError(
    415,
    `${operation.operationId} takes a ${accepted.join(' or ')} body, not ${type || 'one without a Content-Type'}`,
  );
}

/**
 * Text bodies openapi-backend leaves alone (text/plain): a required one that is missing (no body and
 * no Content-Type; an empty text/plain body is an empty file), and the schema's maxLength.
 */
function textBodyIssues(operation: Operation, request: FastifyRequest, body: unknown): ValidationIssue[] {
  const requestBody = operation.requestBody as
    { required?: boolean; content?: Record<string, { schema?: { maxLength?: number } }> } | undefined;
  const content = requestBody?.content;
  if (!content?.['text/plain']) return [];
  if (requestBody?.required && body === undefined && request.headers['content-type'] === undefined) {
    return [{ loc: ['body'], msg: 'Field required', type: 'missing' }];
  }
  const max = content['text/plain'].schema?.maxLength;
  if (typeof body === 'string' && max !== undefined && body.length > max) {
    return [{ loc: ['body'], msg: `String should have at most ${max} characters`, type: 'string_too_long' }];
  }
  return [];
}

function send(reply: FastifyReply, result: HandlerResult) {
  reply.status(result.status);
  for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
  if (result.status === 204) return reply.send();
  if (result.contentType) reply.type(result.contentType);
  return reply.send(result.body);
}

/** An error the store or a handler threw, as the contract's error answer; anything else is a bug (500). */
function sendThrown(reply: FastifyReply, error: unknown) {
  if (error instanceof ApiValidationError) return sendValidationError(reply, error.issues);
  if (error instanceof ApiError) return sendError(reply, error.statusCode, error.message);
  throw error;
}

async function routes(app: FastifyInstance, options: MockApiOptions) {
  const { registry, controls, quotas } = options;
  const simulations = { service: options.simulations };
  const { api, document } = options.contract;
  const documentSecurity = (document.security ?? []) as Record<string, string[]>[];
  const documentText = JSON.stringify(document);

  // A cookie-authenticated write another site's page made the browser send is refused before its body is read.
  app.addHook('onRequest', refuseForgedRequests({ trustedOrigins: appOrigins(app.config) }));

  // Every body reaches the pipeline as text: validation decides what is acceptable, as in FastAPI.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get('/api/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(documentText));

  // The operation depends on the method and path alone; openapi-backend lists and tries every
  // operation's pattern on each call, so the answers for recent paths are kept (bounded).
  const matched = new PathMemo<Operation>();
  /** The contract operation of a request, or the 404/405 `{"detail"}` it gets. */
  const matchOperation = (apiRequest: ApiRequest): { operation: Operation } | { status: 404 | 405; detail: string } => {
    const key = `${apiRequest.method} ${apiRequest.path}`;
    const known = matched.get(key);
    if (known) return { operation: known };
    try {
      const operation = api.router.matchOperation(apiRequest, true) as Operation;
      matched.remember(key, operation);
      return { operation };
    } catch (error) {
      const methodNotAllowed = String((error as Error).message).startsWith('405');
      return methodNotAllowed ? { status: 405, detail: 'Method Not Allowed' } : { status: 404, detail: 'Not Found' };
    }
  };
  const requestOf = (request: FastifyRequest, body?: unknown): ApiRequest => ({
    method: request.method,
    path: request.url.split('?')[0]!,
    query: request.query as ApiRequest['query'],
    headers: request.headers as ApiRequest['headers'],
    body,
  });

  /** The request validated against the operation: its parsed parameters, else the 422's issues (thrown). */
  const validated = (
    request: FastifyRequest,
    apiRequest: ApiRequest,
    operation: Operation,
    parseIssues: ValidationIssue[],
  ) => {
    const validation = api.validator.validateRequest(apiRequest, operation);
    const blanks = blankNumberIssues(operation, apiRequest.query as Record<string, unknown>);
    const issues = [
      ...parseIssues,
      ...blanks,
      ...toIssues(
        (validation.errors ?? []).filter(
          (e) => !(parseIssues.length && e.keyword === 'required' && e.instancePath === ''),
        ),
      ).filter((issue) => !blanks.some((blank) => blank.loc.join('.') === issue.loc.join('.'))),
      ...textBodyIssues(operation, request, apiRequest.body),
    ];
    if (issues.length) throw new ApiValidationError(issues);
    const { params, query } = api.router.parseRequest({ ...apiRequest, ...validation.coerced }, operation);
    return { params, query: query as Record<string, unknown> };
  };

  // A request of only a method and a path (no query, no body, an operation without header or cookie
  // parameters) validates the same every time: the outcome for recent paths is kept (bounded), as
  // openapi-backend's validation and parsing were a large share of such a request.
  const pathOnly = new PathMemo<ReturnType<typeof validated>>();
  const checkedRequest = (
    request: FastifyRequest,
    apiRequest: ApiRequest,
    operation: Operation,
    parseIssues: ValidationIssue[],
  ) => {
    const cacheable =
      apiRequest.body === undefined &&
      parseIssues.length === 0 &&
      !request.url.includes('?') &&
      !operation.requestBody &&
      !((operation.parameters ?? []) as { in?: string }[]).some((p) => p.in === 'header' || p.in === 'cookie');
    if (!cacheable) return validated(request, apiRequest, operation, parseIssues);
    const key = `${apiRequest.method} ${apiRequest.path}`;
    let parsed = pathOnly.get(key);
    if (!parsed) {
      parsed = pathOnly.remember(key, validated(request, apiRequest, operation, parseIssues));
    }
    // Handlers get their own copies (and never another request's headers: only these two are kept).
    return { params: { ...parsed.params }, query: { ...parsed.query } };
  };

  /**
   * A request with a body is answered (404/405, 401, 403) from its headers before the body is read:
   * nobody can make the gateway hold a body without a session or an API key. Bodiless requests keep
   * the pipeline's order (mock faults before authentication).
   */
  const authenticateBeforeBody = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasBody(request)) return;
    const matched = matchOperation(requestOf(request));
    if (!('operation' in matched)) return sendError(reply, matched.status, matched.detail);
    try {
      request.earlyCaller = await authenticate(
        request,
        matched.operation,
        documentSecurity,
        app.mockIdentity,
        registry,
      );
    } catch (error) {
      return sendThrown(reply, error);
    }
  };

  const pipeline = async (request: FastifyRequest, reply: FastifyReply) => {
    // Every answer is one caller's (their projects, keys, files, or a refusal): no cache in between
    // may keep it for another (a handler's own Cache-Control, as on a download, replaces this).
    reply.header('cache-control', 'no-store');
    const { body, issues: parseIssues } = parsedBody(request);
    const apiRequest = requestOf(request, body);
    const matched = matchOperation(apiRequest);
    if (!('operation' in matched)) return sendError(reply, matched.status, matched.detail);
    const { operation } = matched;
    const operationId = operation.operationId!;
    request.operationId = operationId;

    const latency = await controls.latencyFor(operationId);
    if (latency) await sleep(latency);
    const fault = await controls.takeFault(operationId);
    if (fault?.drop) {
      request.log.info({ operationId }, 'mock fault: dropping the connection');
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (fault) return sendError(reply, fault.status, fault.detail);

    try {
      const caller =
        request.earlyCaller ?? (await authenticate(request, operation, documentSecurity, app.mockIdentity, registry));
      const wrongType = unsupportedBodyType(operation, request);
      if (wrongType) throw wrongType;
      const parsed = checkedRequest(request, apiRequest, operation, parseIssues);
      const access = { address: clientKey(request.ip), write: isWrite(request.method) };
      await quotas.checkStorage(operationId, () => registry.usedBytes());
      // One unit of work on the caller's sandbox: quotas and the handler see one state, and a
      // change is stored only over the version they saw (SandboxRegistry.use).
      const result = await registry.use(caller.sandboxKey, access, async (sandbox) => {
        const context: HandlerContext = {
          sandbox,
          sandboxKey: caller.sandboxKey,
          simulations,
          userId: caller.userId,
          identity: app.mockIdentity,
          params: parsed.params,
          query: { ...defaultsOf(operation), ...parsed.query },
          // Only what the contract declares is kept, as FastAPI's models do (declared-only.ts).
          body: declaredOnly(jsonBodySchema(operation), body),
        };
        quotas.check(operationId, context);
        const answer = await HANDLERS[operationId]!(context);
        if (operationId === 'newProjectBuild') quotas.recordBuild(sandbox);
        return answer;
      });
      return send(reply, result.afterUnit ? await result.afterUnit() : result);
    } catch (error) {
      return sendThrown(reply, error);
    }
  };
  const bodyLimit = mockApiBodyLimit(app.config.mock.limits.fileBytes, app.config.http.bodyLimitBytes);
  for (const url of ['/api', '/api/*']) app.all(url, { bodyLimit, onRequest: authenticateBeforeBody }, pipeline);
}

/** The contract's defaults of an operation's query parameters ({ offset: 0, limit: 5000 }). */
function defaultsOf(operation: Operation): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const parameter of (operation.parameters ?? []) as {
    in: string;
    name: string;
    schema?: { default?: unknown };
  }[]) {
    if (parameter.in === 'query' && parameter.schema?.default !== undefined)
      defaults[parameter.name] = parameter.schema.default;
  }
  return defaults;
}

/**
 * The mock compile API: openapi-backend routes and validates every /api request against the
 * contract (422 in FastAPI's shape with every problem), the caller is authenticated by session
 * cookie or API key, and thin handlers call the caller's sandbox. The matched operationId is left
 * on `request.operationId` for coverage tools.
 */
export default fp<MockApiOptions>(
  async (app, options) => {
    app.decorateRequest('operationId', null);
    app.decorateRequest('earlyCaller', null);
    await app.register(routes, options);
  },
  { name: 'mock-api', dependencies: ['mock-identity'] },
);
