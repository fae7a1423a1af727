import type { FastifyPluginAsync } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { IDENTITY_PATH_PREFIXES } from './identity-paths.js';
import { forwardedHeaders, upstreamFailure } from './upstream.js';
import { registerContractReportRoute, ValidatingProxy } from '../contract/validating-proxy.js';

/**
 * MODE=proxy: /api goes to the compile API, the identity paths to FusionAuth. Bodies stream both
 * ways (no buffering), cookies pass untouched, X-Forwarded-* tell the upstreams the public origin.
 * With VALIDATE=report|strict, /api traffic is checked against the contract on the way through
 * (contract/validating-proxy.ts); the report is at GET /admin/contract and written on close.
 */
const proxyPlugin: FastifyPluginAsync = async (app) => {
  const { apiUpstream, authUpstream, timeoutMs, bodyTimeoutMs, validate, validationReportFile } = app.config.proxy;
  if (!apiUpstream || !authUpstream) throw new Error('proxy mode needs API_UPSTREAM and AUTH_UPSTREAM');
  const publicUrl = new URL(app.config.publicUrl);

  const contract = validate === 'off' ? undefined : new ValidatingProxy({ mode: validate });
  if (contract) {
    registerContractReportRoute(app, contract, app.config.mock.adminToken);
    app.addHook('onClose', async () => {
      app.log.info({ contractReport: contract.report.summary() }, 'contract validation summary');
      if (validationReportFile) contract.report.write(validationReportFile);
    });
  }

  const route = (name: string, prefix: string, upstream: string, validating?: ValidatingProxy) => {
    const options: FastifyHttpProxyOptions = {
      upstream,
      prefix,
      preHandler: validating?.preHandler,
      // Keep the prefix: /api/projects → $API_UPSTREAM/api/projects when the upstream has no path.
      rewritePrefix: `${new URL(upstream).pathname.replace(/\/$/, '')}${prefix}`,
      undici: {
        headersTimeout: timeoutMs,
        bodyTimeout: bodyTimeoutMs,
        connectTimeout: Math.min(timeoutMs, 10_000),
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          ...forwardedHeaders(request.headers['x-forwarded-for'], request.socket.remoteAddress, publicUrl),
        }),
        onResponse: validating?.onResponse,
        onError: (reply, { error }) => {
          const failure = upstreamFailure(error, name, timeoutMs);
          reply.log.warn({ err: error, upstream: name }, failure.detail);
          void reply.status(failure.status).send({ detail: failure.detail });
        },
      },
    };
    return app.register(httpProxy, options);
  };

  await route('compile API', '/api', apiUpstream, contract);
  for (const prefix of IDENTITY_PATH_PREFIXES) await route('identity provider', prefix, authUpstream);
};

export default proxyPlugin;
