import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A client build written by the test, so static-serving tests do not depend on `npm run build`. */
export interface FakeClientBuild {
  dir: string;
  /** The uncompressed asset that has .br and .gz siblings, as Vite's compression plugin writes them. */
  appScript: string;
  /** A large asset without compressed siblings: the gateway must compress it on the fly. */
  plainStylesheet: string;
  indexHtml: string;
  remove: () => Promise<void>;
}

export async function writeFakeClientBuild(): Promise<FakeClientBuild> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cloud-compile-static-'));
  await fs.mkdir(path.join(dir, 'assets'));
  const indexHtml =
    '<!doctype html><html lang="en"><head><title>Cloud Compile</title>' +
    '<script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
  // Repetitive text compresses well, and is large enough to pass the 1 KiB compression threshold.
  const appScript = `console.log(${JSON.stringify('x'.repeat(10))});\n`.repeat(400);
  const plainStylesheet = '.panel { color: rebeccapurple; }\n'.repeat(400);
  await fs.writeFile(path.join(dir, 'index.html'), indexHtml);
  await fs.writeFile(path.join(dir, 'assets/app-abc123.js'), appScript);
  // Marked content, so a test can tell which file the gateway sent (not just that it decodes).
  await fs.writeFile(path.join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(`/*br*/${appScript}`));
  await fs.writeFile(path.join(dir, 'assets/app-abc123.js.gz'), gzipSync(`/*gz*/${appScript}`));
  await fs.writeFile(path.join(dir, 'assets/style-def456.css'), plainStylesheet);
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, appScript, plainStylesheet, indexHtml, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
