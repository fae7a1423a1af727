import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

const HASHED_ASSET = /^\/assets\//;

/**
 * Serves the built SPA. Vite writes content-hashed files under /assets, which are cached forever;
 * index.html must be revalidated on every load so a deploy reaches users at once. The client
 * build writes .br/.gz siblings, which are sent when the browser accepts them.
 */
const spaPlugin: FastifyPluginAsync = async (app) => {
  const root = app.config.staticDir;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no client build found: run `npm run build` (npm start does it for you)');
    app.get('/', async (_request, reply) =>
      reply.status(503).send({ detail: 'The web app is not built yet. Run `npm run build`.' }),
    );
    return;
  }
  // Encapsulated here, not global: proxied streams (server-sent events) must never be re-compressed.
  await app.register(compress, { threshold: 1024 });
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, filePath) {
      const urlPath = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      res.header(
        'cache-control',
        HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
};

export default spaPlugin;
