import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
    app.addHook('onRequest', function applySecurityHeaders(_request, reply, done) {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
