import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Pool } from 'undici';
import { CONTRACT_FILE, type AppConfig } from '../../config.js';
import { sendError } from '../../errors.js';
import errorsPlugin from '../../plugins/error-handler.js';
import { DOCUMENT_PATH } from '../contract-document.js';
import { endToEndHeaders, type ForwardOptions, type Headers } from '../forward.js';
import { CALLER_HEADER, callerHash, callerIdentityPlugin } from './caller-identity.js';
import { ContractOperations, UpstreamOperations, type OperationKey, type UpstreamDocument } from './operations.js';
import { VerifiedSubjects } from './verified-subject.js';

/** The largest API description read from the upstream (ours is about 100 KB). */
const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

/** Tells the client (and the developer reading the network tab) an answer came from the mock. */
export const FALLBACK_HEADER = 'x-mock-fallback';

type OnResponse = NonNullable<ForwardOptions['onResponse']>;

export interface MockFallback {
  /** Answers the request from the mock when its operation is missing upstream (else leaves it to the proxy). */
  preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void;
  /** Wraps the proxy's answer handler: a 501 marks its operation missing (and a bodiless one is answered by the mock at once). */
  onResponse: (next?: OnResponse) => OnResponse;
}

/** GET /api/openapi.json from the compile API, its body bounded; a problem in words otherwise. */
async function readUpstreamDocument(pool: Pool, basePath: string, host: string): Promise<UpstreamDocument> {
  try {
    const response = await pool.request({
      method: 'GET',
      path: `${basePath}${DOCUMENT_PATH}`,
      headers: { host, accept: 'application/json' },
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return { problem: `the compile API answered ${response.statusCode} to GET ${DOCUMENT_PATH}` };
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_DOCUMENT_BYTES) {
        response.body.destroy();
        return { problem: `the compile API's ${DOCUMENT_PATH} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
      }
      chunks.push(chunk);
    }
    return { document: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch (error) {
    return { problem: `GET ${DOCUMENT_PATH} from the compile API failed (${(error as Error).message})` };
  }
}

/**
 * The mock API in this process, on its own Fastify instance reached by inject (never a port):
 * callers are named by their credential's hash (caller-identity.ts), one sandbox each in
 * `session` mode, with the mock's bounds and state store (MOCK_* variables); no admin routes.
 * Its modules are loaded here, not with the proxy: they take seconds to load on a busy machine.
 */
async function startMock(config: AppConfig, app: FastifyInstance): Promise<FastifyInstance> {
  const { default: mockPlugin } = await import('../../mock/mock.js');
  const mock = Fastify({ loggerInstance: app.log.child({ fallback: 'mock' }) });
  mock.decorate('config', {
    ...config,
    mode: 'mock' as const,
    adminToken: undefined,
    mock: { ...config.mock, sandbox: 'session' as const },
  });
  await mock.register(errorsPlugin);
  await mock.register(mockPlugin, { identity: callerIdentityPlugin });
  await mock.ready();
  app.log.info('MOCK_FALLBACK=missing: the mock is ready to answer what the compile API lacks');
  return mock;
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * MOCK_FALLBACK=missing: the contract's operations the compile API does not implement (absent from
 * its own GET /api/openapi.json, or answered 501 within the last minute) are answered by the mock;
 * every other request goes upstream as before. A front-end developer can then work against a
 * staging API that implements part of the contract.
 */
export async function createMockFallback(
  app: FastifyInstance,
  upstream: { pool: Pool; basePath: string; host: string },
  /** The identity provider (AUTH_UPSTREAM), whose keys verify the callers' access tokens. */
  authUpstream: string,
): Promise<MockFallback> {
  const subjects = new VerifiedSubjects(authUpstream);
  const contract = new ContractOperations(JSON.parse(await readFile(CONTRACT_FILE, 'utf8')) as unknown);
  const upstreamOperations = new UpstreamOperations({
    fetchDocument: () => readUpstreamDocument(upstream.pool, upstream.basePath, upstream.host),
    onKnowledge: (message, problem) => app.log[problem ? 'warn' : 'info'](`MOCK_FALLBACK=missing: ${message}`),
  });
  // Started beside the gateway's own start, not within it (Fastify gives a plugin 10 s to load): the
  // first request that needs the mock waits for it; a mock that failed to start is logged at once.
  const starting = startMock(app.config, app);
  const started = starting.catch((error: unknown) => {
    app.log.error({ err: error }, 'MOCK_FALLBACK=missing: the mock did not start; what it would answer gets 503');
    return undefined;
  });
  app.addHook('onClose', async () => (await started)?.close());
  const operationOf = new WeakMap<FastifyRequest, OperationKey>();

  /** The request as the mock gets it: the caller's credential replaced by its (verified subject's) hash, the client's address kept. */
  const answerFromMock = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const headers = endToEndHeaders(request.headers as Headers);
    delete headers.authorization;
    delete headers.cookie;
    const caller = await callerHash(request, subjects);
    if (caller === undefined) delete headers[CALLER_HEADER];
    else headers[CALLER_HEADER] = caller;
    const mock = await started;
    if (!mock) {
      await sendError(reply, 503, 'The mock fallback did not start (see the gateway log)');
      return;
    }
    const answer = await mock.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: headers as Record<string, string>,
      payload: hasBody(request) ? (request.body as Readable) : undefined,
      remoteAddress: request.ip,
    });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(endToEndHeaders(answer.headers as Headers))) {
      if (name !== 'content-length' && value !== undefined) reply.header(name, value);
    }
    reply.header(FALLBACK_HEADER, 'missing');
    await reply.send(answer.rawPayload);
  };

  return {
    preHandler: (request, reply) => {
      const operation = contract.match(request.method, request.url.split('?', 1)[0]!);
      if (operation === undefined) return;
      operationOf.set(request, operation);
      return upstreamOperations.isMissing(operation).then((missing) => {
        if (missing) return answerFromMock(request, reply);
      });
    },
    onResponse: (next) => (request, reply, answer) => {
      const operation = operationOf.get(request);
      if (answer.statusCode === 501 && operation !== undefined) {
        upstreamOperations.answered501(operation);
        // A body was streamed upstream and is gone: that one 501 goes to the client, the next call to the mock.
        if (!hasBody(request)) {
          answer.stream?.destroy();
          for (const name in answer.headers) reply.removeHeader(name);
          answerFromMock(request, reply).catch((error: unknown) => reply.send(error));
          return;
        }
      }
      if (next) next(request, reply, answer);
      else void reply.send(answer.whole ?? answer.stream);
    },
  };
}
