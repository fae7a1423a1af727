import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../..');

/**
 * Build the harness page (e2e/log-viewer/harness) with Vite, production mode, into `outDir` — by default a
 * folder of this process's own under .cache/, so a test run and a benchmark never build into each other.
 */
export async function buildHarness(
  outDir = join(repoRoot, '.cache', `log-viewer-harness-${process.pid}`),
  { minify = true }: { minify?: boolean } = {},
): Promise<string> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    root: join(here, 'harness'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, minify, reportCompressedSize: false },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface HarnessServer {
  url: string;
  close: () => Promise<void>;
}

/** Serve a built harness on 127.0.0.1 with an OS-chosen port; `close()` stops it and deletes the build. */
export async function serveHarness(dir: string): Promise<HarnessServer> {
  const server: Server = createServer((request, response) => void serveFile(request, response));
  async function serveFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
    }
  }
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }).then(() => rm(dir, { recursive: true, force: true })),
  };
}
