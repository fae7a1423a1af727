import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { appOrigins, refuseForgedRequests } from '../plugins/forged-requests.js';
import { IDENTITY_PATH_PREFIXES } from '../identity-paths.js';
import { BODY_TOO_LARGE, bodyLimitPreHandler } from './body-limit.js';
import { clientChain, cookiesForApi, forwardedHeaders, setCookiesFromApi } from './hygiene.js';
import { upstreamFailure, upstreamPool } from './upstream.js';
import { forwardHandler, type ForwardOptions } from './forward.js';
import { DOCUMENT_PATH, documentFallback } from './contract-document.js';
import type { ValidatingProxy } from './validating-proxy.js';
import type { MockFallback } from './fallback/mock-fallback.js';

/** The methods proxied; others (TRACE, CONNECT) are a 404 like any unknown route. */
const PROXIED_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/** A preHandler that finishes at once, or returns a promise when it must wait (for a body). */
type PreHandler = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

/**
 * Runs preHandlers in order as one callback-style hook, stopping once one has answered (then, as
 * Fastify asks of a hook that answered, without calling `done`). Handlers that finish at once cost
 * no promise: most proxied requests have no body to wait for.
 */
function inOrder(...handlers: (PreHandler | undefined)[]): preHandlerHookHandler {
  const list = handlers.filter((handler): handler is PreHandler => handler !== undefined);
  return (request, reply, done) => {
    let next = 0;
    const proceed = (): void => {
      while (next < list.length) {
        if (reply.sent) return;
        const waiting = list[next++]!(request, reply);
        if (waiting) {
          waiting.then(proceed, done);
          return;
        }
      }
      if (!reply.sent) done();
    };
    proceed();
  };
}

function hasCode(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * MODE=proxy: /api goes to the compile API, the identity paths to FusionAuth. Bodies stream both
 * ways (no buffering). The compile API gets only the access-token cookie and may not set identity
 * cookies; the identity provider gets and sets cookies untouched. X-Forwarded-* tell both the
 * public origin and the client address the gateway saw (TRUST_PROXY decides whose word counts).
 * Cookie-authenticated /api writes from another site's page are refused (plugins/forged-requests.ts).
 * With VALIDATE=report|strict, /api traffic is checked against the contract on the way through
 * (validating-proxy.ts); the report is at GET /admin/contract and written on close.
 * With MOCK_FALLBACK=missing, the contract's operations the compile API lacks are answered by the
 * mock (fallback/mock-fallback.ts).
 */
const proxyPlugin: FastifyPluginAsync = async (app) => {
  const {
    apiUpstream,
    authUpstream,
    timeoutMs,
    bodyTimeoutMs,
    validate,
    validationReportFile,
    caFile,
    connectionsPerUpstream,
    mockFallback,
  } = app.config.proxy;
  if (!apiUpstream || !authUpstream) throw new Error('proxy mode needs API_UPSTREAM and AUTH_UPSTREAM');
  const publicUrl = new URL(app.config.publicUrl);
  const limitBody = bodyLimitPreHandler(app.config.http.bodyLimitBytes);

  // The contract checker (the document, ajv and its compiled schemas) is loaded only when it is used.
  let contract: ValidatingProxy | undefined;
  if (validate !== 'off') {
    const { ValidatingProxy, registerContractReportRoute } = await import('./validating-proxy.js');
    const checker = new ValidatingProxy({ mode: validate });
    await registerContractReportRoute(app, checker);
    app.addHook('onClose', async () => {
      app.log.info({ contractReport: checker.report.summary() }, 'contract validation summary');
      if (validationReportFile) checker.report.write(validationReportFile);
    });
    contract = checker;
  }

  const pools = new Map<string, ReturnType<typeof upstreamPool>>();
  const poolFor = (upstream: string) => {
    const origin = new URL(upstream).origin;
    let pool = pools.get(origin);
    if (!pool) {
      pool = upstreamPool(upstream, {
        connections: connectionsPerUpstream,
        headersTimeoutMs: timeoutMs,
        bodyTimeoutMs,
        caFile,
      });
      pools.set(origin, pool);
    }
    return pool;
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  });

  // The mock (its modules, fixtures and state) is loaded only when the fallback is on.
  let fallback: MockFallback | undefined;
  if (mockFallback === 'missing') {
    const { createMockFallback } = await import('./fallback/mock-fallback.js');
    const apiUrl = new URL(apiUpstream);
    fallback = await createMockFallback(
      app,
      { pool: poolFor(apiUpstream), basePath: apiUrl.pathname.replace(/\/$/, ''), host: apiUrl.host },
      authUpstream,
    );
  }

  const route = (
    name: 'compile API' | 'identity provider',
    prefix: string,
    upstream: string,
    validating?: ValidatingProxy,
  ) => {
    const isApi = name === 'compile API';
    const upstreamUrl = new URL(upstream);
    const apiFallback = isApi ? fallback : undefined;
    const forwarding = (onResponse: ForwardOptions['onResponse']) =>
      forwardHandler({
        // Keep the prefix: /api/projects → $API_UPSTREAM/api/projects when the upstream has no path.
        basePath: upstreamUrl.pathname.replace(/\/$/, ''),
        host: upstreamUrl.host,
        pool: poolFor(upstream),
        rewriteRequestHeaders: (request, headers) => {
          Object.assign(headers, forwardedHeaders(clientChain(request.ips, request.socket.remoteAddress), publicUrl));
          if (isApi) headers.cookie = cookiesForApi(request.headers.cookie);
          if (headers.cookie === undefined) delete headers.cookie;
          return headers;
        },
        rewriteResponseHeaders: isApi
          ? (headers) => {
              if (headers['set-cookie'] === undefined) return headers;
              const kept = setCookiesFromApi(headers['set-cookie']);
              if (kept.length > 0) headers['set-cookie'] = kept;
              else delete headers['set-cookie'];
              return headers;
            }
          : undefined,
        onResponse,
        onError: (reply, { error }) => {
          if (hasCode(error, BODY_TOO_LARGE)) {
            if (!reply.sent)
              void reply
                .status(413)
                .send({ detail: `Request body is larger than ${app.config.http.bodyLimitBytes} bytes` });
            return;
          }
          const failure = upstreamFailure(error, name, timeoutMs);
          reply.log.warn({ err: error, upstream: name, upstreamOrigin: upstreamUrl.origin }, failure.detail);
          void reply.status(failure.status).send({ detail: failure.detail });
        },
      });
    const handler = forwarding(apiFallback ? apiFallback.onResponse(validating?.onResponse) : validating?.onResponse);
    const preHandler = inOrder(limitBody, apiFallback?.preHandler, validating?.preHandler);
    return app.register(async (scope) => {
      // A cookie-authenticated write another site's page made the browser send stops here, as in
      // the mock: the compile API trusts the app.at cookie and would act on it. The identity
      // provider guards its own forms.
      if (isApi) scope.addHook('onRequest', refuseForgedRequests({ trustedOrigins: appOrigins(app.config) }));
      // Bodies are streamed through, whatever their type (body-limit.ts bounds them).
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      for (const url of [prefix, `${prefix}/*`]) scope.route({ url, method: PROXIED_METHODS, preHandler, handler });
      // The app's API description: the gateway's own contract where the upstream has none.
      if (isApi)
        scope.get(DOCUMENT_PATH, { preHandler: inOrder(limitBody) }, forwarding(await documentFallback(app.log)));
    });
  };

  await route('compile API', '/api', apiUpstream, contract);
  for (const prefix of IDENTITY_PATH_PREFIXES) await route('identity provider', prefix, authUpstream);
};

export default proxyPlugin;
