import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers. The SPA ships no inline scripts, so script-src stays 'self'.
 * Styles allow 'unsafe-inline' because CodeMirror and the toast library inject style elements.
 */
export default fp(
  async (app) => {
    const identityOrigin = new URL(app.config.publicConfig.serverUrl).origin;
    await app.register(helmet, {
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
  },
  { name: 'security', dependencies: ['errors'] },
);
