// `npm run build:server`: the gateway as plain JavaScript in server/dist, for the production image
// (node server/dist/server.js: no tsx, no TypeScript at run time). Each file is transpiled on its own
// (the sources are isolatedModules), keeping src's layout so paths relative to the files still hold;
// type-checking is `npm run typecheck`'s job.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');
const outdir = path.join(server, 'dist');
const entryPoints = fs
  .readdirSync(path.join(server, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .map((file) => path.join(server, 'src', file));

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outbase: path.join(server, 'src'),
  outdir,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`build-server: ${entryPoints.length} files → ${path.relative(process.cwd(), outdir)}`);
