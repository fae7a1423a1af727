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
const sources = fs
  .readdirSync(path.join(server, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => fs.statSync(path.join(server, 'src', file)).isFile() && !file.includes('.test.'));
const entryPoints = sources
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => path.join(server, 'src', file));
// Files the gateway runs or reads as they are (the Yosys worker the toolchain runner starts, a .mjs):
// copied to the same place, since code finds them beside its own file.
const asIs = sources.filter((file) => !file.endsWith('.ts'));

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
for (const file of asIs) fs.cpSync(path.join(server, 'src', file), path.join(outdir, file));
console.log(
  `build-server: ${entryPoints.length} files compiled, ${asIs.length} copied → ${path.relative(process.cwd(), outdir)}`,
);
