import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The security headers of an answer to `url`: a page's, or a resource's (API, hashed assets). Without
     * a URL (an answer to a request that was not valid HTTP), a resource's.
     */
    securityHeadersFor(url?: string): Readonly<Record<string, string>>;
  }
}

/**
 * The headers helmet would set with `options`, worked out once: they depend on the configuration
 * only, so running helmet's middleware (and its two hooks, one of them async) per request only
 * repeated the same work.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** The headers a resource keeps of a page's set: those a browser applies to more than documents. */
const RESOURCE_HEADER_NAMES = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];

/**
 * The headers of an answer that is not a page: the API's (JSON, logs, artifacts) and the build's hashed
 * assets. A browser applies CSP, framing and the cross-origin isolation headers to documents (and
 * workers, which the SPA has none of), so a resource carries what protects it (OWASP's REST Security
 * Cheat Sheet): no MIME sniffing, same-origin reads only, HSTS, no framing, and a CSP under which the
 * answer, were it ever opened as a page, could load and run nothing (stricter than a page's, which lets
 * it load this origin's scripts). It also sends a quarter fewer bytes per small API answer.
 */
export function resourceHeaders(pageHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of RESOURCE_HEADER_NAMES) if (pageHeaders[name] !== undefined) headers[name] = pageHeaders[name];
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  headers['x-frame-options'] = 'DENY';
  return headers;
}

/** Paths whose answers are resources, not pages (see {@link resourceHeaders}): the API and the hashed assets. */
const RESOURCE_PATH = /^\/(?:api|assets)(?:[/?]|$)/;

/**
 * Security headers. The SPA ships no inline scripts, so script-src stays 'self'.
 * Styles allow 'unsafe-inline' because CodeMirror and the toast library inject style elements.
 * An upstream's own header of the same name (the identity provider's pages) replaces ours.
 */
export default fp(
  async (app) => {
    const identityOrigin = new URL(app.config.publicConfig.serverUrl).origin;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", identityOrigin],
          formAction: ["'self'", identityOrigin],
          frameAncestors: ["'none'"],
          // Browsers treat http://localhost as secure, but a LAN demo over http must still load.
          upgradeInsecureRequests: app.config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // The SPA downloads artifacts and opens the legacy tool in a new tab.
      crossOriginEmbedderPolicy: false,
    });
    const forResources = resourceHeaders(headers);
    const headersFor = (url?: string) => (url === undefined || RESOURCE_PATH.test(url) ? forResources : headers);
    // Also for the build's files answered before Fastify routes them (static-fast-path.ts).
    app.decorate('securityHeadersFor', headersFor);
    app.addHook('onRequest', function applySecurityHeaders(request, reply, done) {
      reply.headers(headersFor(request.url));
      done();
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
