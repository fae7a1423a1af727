import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { IDENTITY_PATH_PREFIXES } from '../identity-paths.js';
import { sendError } from '../errors.js';
import { buildFiles, loadSpaFile, sendSpaFile, type SpaFile } from '../spa-files.js';
import type { StaticFastPath } from '../static-fast-path.js';

const HASHED_ASSET = /^\/assets\//;

/** Paths that belong to the API, the identity provider or the build's files: never the SPA's page. */
const NOT_A_PAGE = new RegExp(
  `^(?:${['/api', '/assets', ...IDENTITY_PATH_PREFIXES].map((prefix) => prefix.replace(/\./g, '\\.')).join('|')})(?:/|$)`,
);

/**
 * The hash route a link without the hash meant: `/projects?x=1` → `/#/projects?x=1`. The app routes
 * by the hash only, so a pasted `/preferences/api-keys` or an old bookmark is sent to the screen it names
 * (or the router's 404) rather than shown at a path where nothing routes.
 */
export function hashRouteFor(url: string): string {
  return `/#${url}`;
}

/** The path the identity provider returns to after sign-in: it must get the page itself, with its query. */
function signInReturnPath(redirectUri: string): string | null {
  try {
    const { pathname } = new URL(redirectUri);
    return pathname === '/' ? null : pathname;
  } catch {
    return null;
  }
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * A rebuild while the gateway runs (development) rewrites index.html and the other unhashed files:
 * the copy in memory is read again once the file changes (a file that went is served from disk,
 * which answers 404). A watcher that cannot start (an unusual file system) only loses this.
 */
function watchForRebuilds(app: FastifyInstance, root: string, reload: (relative: string) => void) {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watchers: fs.FSWatcher[] = [];
  for (const dir of ['', 'assets']) {
    try {
      const watcher = fs.watch(path.join(root, dir), (_event, name) => {
        if (!name) return;
        pending.add(dir ? `${dir}/${name}` : name);
        // Writes come in bursts: read the file once they have settled.
        clearTimeout(timer);
        timer = setTimeout(() => {
          for (const relative of pending) reload(relative);
          pending.clear();
        }, 50).unref();
      });
      watcher.unref();
      watchers.push(watcher);
    } catch (error) {
      app.log.debug({ err: error, dir }, 'static files: not watching for rebuilds');
    }
  }
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  });
}

/**
 * Serves the built SPA (from memory: spa-files.ts). Vite writes content-hashed files under /assets, cached forever;
 * index.html must be revalidated on every load so a deploy reaches users at once. The client
 * build writes .br/.gz siblings, which are sent when the browser accepts them. A browser asking
 * for any other page (a path without the hash: a pasted link, a stale bookmark) is redirected to the hash
 * route it meant, where the router shows the screen or its 404 page; scripts and API calls get a real 404.
 */
const spaPlugin: FastifyPluginAsync<{ fastPath?: StaticFastPath }> = async (app, { fastPath }) => {
  const root = app.config.staticDir;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no client build found: run `npm run build` (npm start does it for you)');
    app.get('/', async (_request, reply) =>
      sendError(reply, 503, 'The web app is not built yet. Run `npm run build`.'),
    );
    return;
  }
  // Encapsulated here, not global: proxied streams (server-sent events) must never be re-compressed.
  await app.register(compress, { threshold: 1024 });
  const cacheControlOf = (urlPath: string) =>
    HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
  // reply.sendFile only: the build's files get routes of their own below.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header('cache-control', cacheControlOf(`/${path.relative(root, filePath).split(path.sep).join('/')}`));
    },
  });
  // Each file of the build at start: from memory (spa-files.ts) when its type is known, else from disk.
  const inMemory = new Map<string, SpaFile>();
  const load = (relative: string) => {
    const file = loadSpaFile(root, relative, cacheControlOf(`/${relative}`));
    if (file) inMemory.set(relative, file);
    else inMemory.delete(relative);
  };
  const serve = (relative: string) => (request: FastifyRequest, reply: FastifyReply) => {
    const file = inMemory.get(relative);
    return file ? sendSpaFile(request, reply, file) : reply.sendFile(relative);
  };
  for (const relative of buildFiles(root)) {
    load(relative);
    // Compressed in memory already; what is left to the disk keeps on-the-fly compression.
    const options = inMemory.has(relative) ? { compress: false as const } : {};
    app.get(`/${relative}`, options, serve(relative));
    if (relative === 'index.html') app.get('/', options, serve(relative));
    // The same files, answered before routing (and left to these routes whenever it cannot).
    const current = () => inMemory.get(relative);
    fastPath?.serve(`/${relative}`, current);
    if (relative === 'index.html') fastPath?.serve('/', current);
  }
  watchForRebuilds(app, root, load);
  const assetsDir = path.join(root, 'assets') + path.sep;
  const returnPath = signInReturnPath(app.config.publicConfig.redirectUri);
  // Browsers ask for /favicon.ico on any page without an icon link (the identity pages among them);
  // the build ships only an SVG icon, which every current browser accepts here too.
  if (!fs.existsSync(path.join(root, 'favicon.ico')) && fs.existsSync(path.join(root, 'favicon.svg'))) {
    app.get('/favicon.ico', async (_request, reply) => reply.sendFile('favicon.svg'));
  }
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    // The static routes list the build's files at start; a rebuild while the gateway runs (development)
    // writes new hashed assets, which are served from disk here (send() keeps requests inside root).
    if (HASHED_ASSET.test(pathname)) {
      const file = path.resolve(root, `.${safeDecode(pathname)}`);
      if (file.startsWith(assetsDir) && fs.existsSync(file)) return reply.sendFile(path.relative(root, file));
    }
    if (NOT_A_PAGE.test(pathname) || !request.headers.accept?.includes('text/html')) return reply.callNotFound();
    if (pathname === returnPath) return reply.sendFile('index.html');
    // 302, not 301: a browser would keep a permanent redirect even if the app's routes changed.
    return reply.redirect(hashRouteFor(request.url), 302);
  });
};

export default spaPlugin;
