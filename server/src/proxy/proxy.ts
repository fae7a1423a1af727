import type { FastifyPluginAsync } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { IDENTITY_PATH_PREFIXES } from './identity-paths.js';
import { forwardedHeaders, upstreamFailure } from './upstream.js';

/**
 * MODE=proxy: /api goes to the compile API, the identity paths to FusionAuth. Bodies stream both
 * ways (no buffering), cookies pass untouched, X-Forwarded-* tell the upstreams the public origin.
 */
const proxyPlugin: FastifyPluginAsync = async (app) => {
  const { apiUpstream, authUpstream, timeoutMs, bodyTimeoutMs } = app.config.proxy;
  if (!apiUpstream || !authUpstream) throw new Error('proxy mode needs API_UPSTREAM and AUTH_UPSTREAM');
  const publicUrl = new URL(app.config.publicUrl);

  const route = (name: string, prefix: string, upstream: string) => {
    const options: FastifyHttpProxyOptions = {
      upstream,
      prefix,
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
        onError: (reply, { error }) => {
          const failure = upstreamFailure(error, name, timeoutMs);
          reply.log.warn({ err: error, upstream: name }, failure.detail);
          void reply.status(failure.status).send({ detail: failure.detail });
        },
      },
    };
    return app.register(httpProxy, options);
  };

  await route('compile API', '/api', apiUpstream);
  for (const prefix of IDENTITY_PATH_PREFIXES) await route('identity provider', prefix, authUpstream);
};

export default proxyPlugin;
